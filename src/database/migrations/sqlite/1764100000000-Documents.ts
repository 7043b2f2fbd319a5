import { MigrationInterface, QueryRunner } from 'typeorm';

export class Documents1764100000000 implements MigrationInterface {
  name = 'Documents1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "document_signees" ("flow_id" varchar(64) NOT NULL, "position" integer NOT NULL, "nin" varchar(32) NOT NULL, "name" varchar(200) NOT NULL, "type" varchar(16) NOT NULL, "email" varchar(320) NOT NULL, "representing" varchar(200) NOT NULL, "title" varchar(200), "status" varchar(16) NOT NULL, "updated_at" bigint NOT NULL, "signed_at" bigint, "ip" varchar(64), "device_id" varchar(32), "identification" varchar(36), "signature" text, PRIMARY KEY ("flow_id", "position"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e2abf2a1c06014ce22f29ec232" ON "document_signees" ("nin") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_5fe86eb3367f2f326d10e49b83" ON "document_signees" ("flow_id", "nin") `,
    );
    await queryRunner.query(
      `CREATE TABLE "documents" ("flow_id" varchar(64) PRIMARY KEY NOT NULL, "mode" varchar(16) NOT NULL, "file_source" varchar(2048) NOT NULL, "file_name" varchar(200) NOT NULL, "file_key" varchar(80) NOT NULL, "file_sha256" varchar(64) NOT NULL, "file_size" integer NOT NULL, "page_count" integer NOT NULL, "stamped_key" varchar(80), "stamped_sha256" varchar(64))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_60a8876478f4d6b0bc735daaae" ON "documents" ("stamped_sha256") `);
    await queryRunner.query(`DROP INDEX "IDX_3b58bc5ef230644b8cca173a0f"`);
    await queryRunner.query(`DROP INDEX "IDX_40eae48acceef7bc99df653f34"`);
    await queryRunner.query(`DROP INDEX "IDX_8f7357b8a3f651b059f4e76826"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_flows" ("id" varchar(64) PRIMARY KEY NOT NULL, "kind" varchar(16) NOT NULL, "start_mode" varchar(20) NOT NULL, "action" varchar(16) NOT NULL, "status" varchar(16) NOT NULL, "consumer_id" varchar(32) NOT NULL, "app_id" varchar(32) NOT NULL, "app_name" varchar(200) NOT NULL, "environment" varchar(16) NOT NULL, "payload" text NOT NULL, "requested_claims" text NOT NULL, "target_nin" varchar(32), "device_id" varchar(32), "holder_nin" varchar(32), "ip" varchar(64) NOT NULL, "user_agent" varchar(512) NOT NULL, "stamp" text NOT NULL, "claims" text, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "webhook_url" varchar(2048), "webhook_reference" varchar(200), "signature" text, "signed_at" bigint)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_flows"("id", "kind", "start_mode", "action", "status", "consumer_id", "app_id", "app_name", "environment", "payload", "requested_claims", "target_nin", "device_id", "holder_nin", "ip", "user_agent", "stamp", "claims", "created_at", "expires_at", "updated_at", "webhook_url", "webhook_reference", "signature", "signed_at") SELECT "id", "kind", "start_mode", "action", "status", "consumer_id", "app_id", "app_name", "environment", "payload", "requested_claims", "target_nin", "device_id", "holder_nin", "ip", "user_agent", "stamp", "claims", "created_at", "expires_at", "updated_at", "webhook_url", "webhook_reference", "signature", "signed_at" FROM "flows"`,
    );
    await queryRunner.query(`DROP TABLE "flows"`);
    await queryRunner.query(`ALTER TABLE "temporary_flows" RENAME TO "flows"`);
    await queryRunner.query(`CREATE INDEX "IDX_3b58bc5ef230644b8cca173a0f" ON "flows" ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_40eae48acceef7bc99df653f34" ON "flows" ("target_nin") `);
    await queryRunner.query(`CREATE INDEX "IDX_8f7357b8a3f651b059f4e76826" ON "flows" ("app_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "flows" WHERE "kind" = 'document'`);
    await queryRunner.query(`DROP INDEX "IDX_8f7357b8a3f651b059f4e76826"`);
    await queryRunner.query(`DROP INDEX "IDX_40eae48acceef7bc99df653f34"`);
    await queryRunner.query(`DROP INDEX "IDX_3b58bc5ef230644b8cca173a0f"`);
    await queryRunner.query(`ALTER TABLE "flows" RENAME TO "temporary_flows"`);
    await queryRunner.query(
      `CREATE TABLE "flows" ("id" varchar(32) PRIMARY KEY NOT NULL, "kind" varchar(16) NOT NULL, "start_mode" varchar(20) NOT NULL, "action" varchar(16) NOT NULL, "status" varchar(16) NOT NULL, "consumer_id" varchar(32) NOT NULL, "app_id" varchar(32) NOT NULL, "app_name" varchar(200) NOT NULL, "environment" varchar(16) NOT NULL, "payload" text NOT NULL, "requested_claims" text NOT NULL, "target_nin" varchar(32), "device_id" varchar(32), "holder_nin" varchar(32), "ip" varchar(64) NOT NULL, "user_agent" varchar(512) NOT NULL, "stamp" text NOT NULL, "claims" text, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "webhook_url" varchar(2048), "webhook_reference" varchar(200), "signature" text, "signed_at" bigint)`,
    );
    await queryRunner.query(
      `INSERT INTO "flows"("id", "kind", "start_mode", "action", "status", "consumer_id", "app_id", "app_name", "environment", "payload", "requested_claims", "target_nin", "device_id", "holder_nin", "ip", "user_agent", "stamp", "claims", "created_at", "expires_at", "updated_at", "webhook_url", "webhook_reference", "signature", "signed_at") SELECT "id", "kind", "start_mode", "action", "status", "consumer_id", "app_id", "app_name", "environment", "payload", "requested_claims", "target_nin", "device_id", "holder_nin", "ip", "user_agent", "stamp", "claims", "created_at", "expires_at", "updated_at", "webhook_url", "webhook_reference", "signature", "signed_at" FROM "temporary_flows"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_flows"`);
    await queryRunner.query(`CREATE INDEX "IDX_8f7357b8a3f651b059f4e76826" ON "flows" ("app_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_40eae48acceef7bc99df653f34" ON "flows" ("target_nin") `);
    await queryRunner.query(`CREATE INDEX "IDX_3b58bc5ef230644b8cca173a0f" ON "flows" ("expires_at") `);
    await queryRunner.query(`DROP INDEX "IDX_60a8876478f4d6b0bc735daaae"`);
    await queryRunner.query(`DROP TABLE "documents"`);
    await queryRunner.query(`DROP INDEX "IDX_5fe86eb3367f2f326d10e49b83"`);
    await queryRunner.query(`DROP INDEX "IDX_e2abf2a1c06014ce22f29ec232"`);
    await queryRunner.query(`DROP TABLE "document_signees"`);
  }
}
