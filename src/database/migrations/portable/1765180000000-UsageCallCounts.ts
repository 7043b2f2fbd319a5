import { MigrationInterface, QueryRunner } from 'typeorm';

/** A usage row counts the calls of one key, route and status in one minute; each row before counted one call. */
export class UsageCallCounts1765180000000 implements MigrationInterface {
  name = 'UsageCallCounts1765180000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "usage_records" ADD COLUMN "calls" integer NOT NULL DEFAULT 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "usage_records" DROP COLUMN "calls"`);
  }
}
