import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox signing provider's keys: its CA's and each test person's, made when first needed. */
export class SandboxSigningKeys1765060000000 implements MigrationInterface {
  name = 'SandboxSigningKeys1765060000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sandbox_signing_keys" ("id" varchar(40) PRIMARY KEY NOT NULL, "nin" varchar(32), "certificate_pem" text NOT NULL, "private_key" text NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_sandbox_signing_keys_nin" ON "sandbox_signing_keys" ("nin") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_sandbox_signing_keys_nin"`);
    await queryRunner.query(`DROP TABLE "sandbox_signing_keys"`);
  }
}
