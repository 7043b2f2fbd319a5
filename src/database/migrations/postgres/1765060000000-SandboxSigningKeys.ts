import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox signing provider's keys: its CA's and each test person's, made when first needed. */
export class SandboxSigningKeys1765060000000 implements MigrationInterface {
  name = 'SandboxSigningKeys1765060000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sandbox_signing_keys" ("id" character varying(40) NOT NULL, "nin" character varying(32), "certificate_pem" text NOT NULL, "private_key" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_4a6c792c6bdf89e40828e1ff9d6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_sandbox_signing_keys_nin" ON "sandbox_signing_keys" ("nin") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_sandbox_signing_keys_nin"`);
    await queryRunner.query(`DROP TABLE "sandbox_signing_keys"`);
  }
}
