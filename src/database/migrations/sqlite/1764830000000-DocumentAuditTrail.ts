import { MigrationInterface, QueryRunner } from 'typeorm';

/** The append-only audit trail of each document; its increasing id is the order of events. */
export class DocumentAuditTrail1764830000000 implements MigrationInterface {
  name = 'DocumentAuditTrail1764830000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "document_audit_events" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "flow_id" varchar(64) NOT NULL, "type" varchar(16) NOT NULL, "at" bigint NOT NULL, "nin" varchar(32), "device_id" varchar(32), "ip" varchar(64), "digest" varchar(64) NOT NULL, "reason" varchar(500))`,
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
