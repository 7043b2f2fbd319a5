import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1763900000000 implements MigrationInterface {
  name = 'Webhooks1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" character varying(32) NOT NULL, "app_id" character varying(32) NOT NULL, "url" text NOT NULL, "type" character varying(40) NOT NULL, "reference" text NOT NULL, "flow_id" character varying(64) NOT NULL, "payload" text NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL, "max_attempts" integer NOT NULL, "next_attempt_at" bigint, "lease_token" character varying(32), "lease_expires_at" bigint, "last_error" text, "last_status_code" integer, "last_attempt_at" bigint, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2a0faefe3e7a2fb845d034f05d" ON "webhook_deliveries" ("app_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_284017efc3cbfe592288749a9c" ON "webhook_deliveries" ("status", "next_attempt_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_284017efc3cbfe592288749a9c"`);
    await queryRunner.query(`DROP INDEX "IDX_2a0faefe3e7a2fb845d034f05d"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
  }
}
