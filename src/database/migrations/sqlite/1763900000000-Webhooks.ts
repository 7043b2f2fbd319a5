import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1763900000000 implements MigrationInterface {
  name = 'Webhooks1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" varchar(32) PRIMARY KEY NOT NULL, "app_id" varchar(32) NOT NULL, "url" text NOT NULL, "type" varchar(40) NOT NULL, "reference" text NOT NULL, "flow_id" varchar(64) NOT NULL, "payload" text NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL, "max_attempts" integer NOT NULL, "next_attempt_at" bigint, "lease_token" varchar(32), "lease_expires_at" bigint, "last_error" text, "last_status_code" integer, "last_attempt_at" bigint, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)`,
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
