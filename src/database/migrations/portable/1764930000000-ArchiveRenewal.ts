import { MigrationInterface, QueryRunner } from 'typeorm';

/** When each B-LTA document's archive timestamp is due for renewal; both dialects alike. */
export class ArchiveRenewal1764930000000 implements MigrationInterface {
  name = 'ArchiveRenewal1764930000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "archive_renewal_at" bigint`);
    await queryRunner.query(`CREATE INDEX "IDX_9214e742a1305046deddbdc114" ON "documents" ("archive_renewal_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_9214e742a1305046deddbdc114"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "archive_renewal_at"`);
  }
}
