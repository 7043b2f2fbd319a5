import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signer certificates the sandbox signing CA revoked. Test persons' keys enrolled before their certificates named the
 * CA's OCSP responder are dropped, so each is enrolled again with one: only synthetic persons have them, and a
 * document signed with the old certificate keeps it in its own signature.
 */
export class RevokedSignerCertificates1765110000000 implements MigrationInterface {
  name = 'RevokedSignerCertificates1765110000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "revoked_signer_certificates" ("serial_hex" varchar(64) PRIMARY KEY NOT NULL, "nin" varchar(32) NOT NULL, "certificate_pem" text NOT NULL, "revoked_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`DELETE FROM "sandbox_signing_keys" WHERE "nin" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "revoked_signer_certificates"`);
  }
}
