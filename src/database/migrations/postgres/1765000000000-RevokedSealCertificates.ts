import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sandbox seal certificates the seal CA revoked, for its CRL and OCSP answers and for /verify. */
export class RevokedSealCertificates1765000000000 implements MigrationInterface {
  name = 'RevokedSealCertificates1765000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "revoked_seal_certificates" ("serial_hex" character varying(64) NOT NULL, "certificate_pem" text NOT NULL, "revoked_at" bigint NOT NULL, CONSTRAINT "PK_ffca055314f7fe92b3c7c51b570" PRIMARY KEY ("serial_hex"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "revoked_seal_certificates"`);
  }
}
