import { MigrationInterface, QueryRunner } from 'typeorm';

/** The append-only audit trail of each document; its increasing id is the order of events. */
export class DocumentAuditTrail1764830000000 implements MigrationInterface {
  name = 'DocumentAuditTrail1764830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "document_audit_events" ("id" SERIAL NOT NULL, "flow_id" character varying(64) NOT NULL, "type" character varying(16) NOT NULL, "at" bigint NOT NULL, "nin" character varying(32), "device_id" character varying(32), "ip" character varying(64), "digest" character varying(64) NOT NULL, "reason" character varying(500), CONSTRAINT "PK_924e7f5a9c6b6ab02fbd73e8a2e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_7e2201e847d827b229dc70640d" ON "document_audit_events" ("flow_id", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_7e2201e847d827b229dc70640d"`);
    await queryRunner.query(`DROP TABLE "document_audit_events"`);
  }
}
