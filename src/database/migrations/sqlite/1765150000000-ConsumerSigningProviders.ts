import { MigrationInterface, QueryRunner } from 'typeorm';

/** The remote signing providers each consumer configures for its own documents, their client secrets sealed. */
export class ConsumerSigningProviders1765150000000 implements MigrationInterface {
  name = 'ConsumerSigningProviders1765150000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "consumer_signing_providers" ("id" varchar(32) PRIMARY KEY NOT NULL, "consumer_id" varchar(32) NOT NULL, "name" varchar(64) NOT NULL, "environment" varchar(16) NOT NULL, "base_url" varchar(2048) NOT NULL, "client_id" varchar(255) NOT NULL, "client_secret" text NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_consumer_signing_providers_name" ON "consumer_signing_providers" ("consumer_id", "name") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_consumer_signing_providers_name"`);
    await queryRunner.query(`DROP TABLE "consumer_signing_providers"`);
  }
}
