import { MigrationInterface, QueryRunner } from 'typeorm';

export class Flows1763800000000 implements MigrationInterface {
  name = 'Flows1763800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "flow_codes" ("code_digest" character varying(64) NOT NULL, "flow_id" character varying(32) NOT NULL, "kind" character varying(8) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_d5777d1247b2139e3eaf43dac93" PRIMARY KEY ("code_digest"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_07fadba92266e7d0b95ff15943" ON "flow_codes" ("flow_id") `);
    await queryRunner.query(
      `CREATE TABLE "flows" ("id" character varying(32) NOT NULL, "kind" character varying(16) NOT NULL, "start_mode" character varying(20) NOT NULL, "action" character varying(16) NOT NULL, "status" character varying(16) NOT NULL, "consumer_id" character varying(32) NOT NULL, "app_id" character varying(32) NOT NULL, "app_name" character varying(200) NOT NULL, "environment" character varying(16) NOT NULL, "payload" text NOT NULL, "requested_claims" text NOT NULL, "target_nin" character varying(32), "device_id" character varying(32), "holder_nin" character varying(32), "ip" character varying(64) NOT NULL, "user_agent" character varying(512) NOT NULL, "stamp" text NOT NULL, "claims" text, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_c346955f4318ef565e6928462fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_8f7357b8a3f651b059f4e76826" ON "flows" ("app_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_40eae48acceef7bc99df653f34" ON "flows" ("target_nin") `);
    await queryRunner.query(`CREATE INDEX "IDX_3b58bc5ef230644b8cca173a0f" ON "flows" ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_3b58bc5ef230644b8cca173a0f"`);
    await queryRunner.query(`DROP INDEX "IDX_40eae48acceef7bc99df653f34"`);
    await queryRunner.query(`DROP INDEX "IDX_8f7357b8a3f651b059f4e76826"`);
    await queryRunner.query(`DROP TABLE "flows"`);
    await queryRunner.query(`DROP INDEX "IDX_07fadba92266e7d0b95ff15943"`);
    await queryRunner.query(`DROP TABLE "flow_codes"`);
  }
}
