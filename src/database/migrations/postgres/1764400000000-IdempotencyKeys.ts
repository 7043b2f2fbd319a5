import { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency keys of creates and cancel: the first request's claim, then its answer, for a day. */
export class IdempotencyKeys1764400000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" ("key_digest" character varying(64) NOT NULL, "app_id" character varying(32) NOT NULL, "fingerprint" character varying(64) NOT NULL, "state" character varying(16) NOT NULL, "status_code" integer, "body" text, "headers" text, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, CONSTRAINT "PK_a450be3193a6d3f57933e332d2e" PRIMARY KEY ("key_digest"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e5fc0731b6752a8e9194fa265e" ON "idempotency_keys" ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_e5fc0731b6752a8e9194fa265e"`);
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
