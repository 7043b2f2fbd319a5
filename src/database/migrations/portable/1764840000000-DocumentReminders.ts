import { MigrationInterface, QueryRunner } from 'typeorm';

/** Document reminders (per document, and each signee's next one) and the one-time expiry warning; both dialects alike. */
export class DocumentReminders1764840000000 implements MigrationInterface {
  name = 'DocumentReminders1764840000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_signees" ADD COLUMN "next_reminder_at" bigint`);
    await queryRunner.query(`ALTER TABLE "document_signees" ADD COLUMN "reminders_sent" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "reminder_first_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "reminder_every_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "reminder_max" integer`);
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "expiry_warning_at" bigint`);
    await queryRunner.query(
      `CREATE INDEX "IDX_e49f2b690dc15a8e49827d8a13" ON "document_signees" ("next_reminder_at") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_4be43f514153a87a9bb09733e5" ON "documents" ("expiry_warning_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_4be43f514153a87a9bb09733e5"`);
    await queryRunner.query(`DROP INDEX "IDX_e49f2b690dc15a8e49827d8a13"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "expiry_warning_at"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "reminder_max"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "reminder_every_seconds"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "reminder_first_seconds"`);
    await queryRunner.query(`ALTER TABLE "document_signees" DROP COLUMN "reminders_sent"`);
    await queryRunner.query(`ALTER TABLE "document_signees" DROP COLUMN "next_reminder_at"`);
  }
}
