import { MigrationInterface, QueryRunner } from 'typeorm';

export class Documents1764100000000 implements MigrationInterface {
  name = 'Documents1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "document_signees" ("flow_id" character varying(64) NOT NULL, "position" integer NOT NULL, "nin" character varying(32) NOT NULL, "name" character varying(200) NOT NULL, "type" character varying(16) NOT NULL, "email" character varying(320) NOT NULL, "representing" character varying(200) NOT NULL, "title" character varying(200), "status" character varying(16) NOT NULL, "updated_at" bigint NOT NULL, "signed_at" bigint, "ip" character varying(64), "device_id" character varying(32), "identification" character varying(36), "signature" text, CONSTRAINT "PK_59dd1981c9fb66ba2863a8c5b2c" PRIMARY KEY ("flow_id", "position"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e2abf2a1c06014ce22f29ec232" ON "document_signees" ("nin") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_5fe86eb3367f2f326d10e49b83" ON "document_signees" ("flow_id", "nin") `,
    );
    await queryRunner.query(
      `CREATE TABLE "documents" ("flow_id" character varying(64) NOT NULL, "mode" character varying(16) NOT NULL, "file_source" character varying(2048) NOT NULL, "file_name" character varying(200) NOT NULL, "file_key" character varying(80) NOT NULL, "file_sha256" character varying(64) NOT NULL, "file_size" integer NOT NULL, "page_count" integer NOT NULL, "stamped_key" character varying(80), "stamped_sha256" character varying(64), CONSTRAINT "PK_2d31228715a1f399c54362a2c15" PRIMARY KEY ("flow_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_60a8876478f4d6b0bc735daaae" ON "documents" ("stamped_sha256") `);
    // Widened in place: document ids (`doc_` + 40) are longer than the others, and existing flows are kept.
    await queryRunner.query(`ALTER TABLE "flows" ALTER COLUMN "id" TYPE character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "flows" WHERE "kind" = 'document'`);
    await queryRunner.query(`ALTER TABLE "flows" ALTER COLUMN "id" TYPE character varying(32)`);
    await queryRunner.query(`DROP INDEX "IDX_60a8876478f4d6b0bc735daaae"`);
    await queryRunner.query(`DROP TABLE "documents"`);
    await queryRunner.query(`DROP INDEX "IDX_5fe86eb3367f2f326d10e49b83"`);
    await queryRunner.query(`DROP INDEX "IDX_e2abf2a1c06014ce22f29ec232"`);
    await queryRunner.query(`DROP TABLE "document_signees"`);
  }
}
