import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document's seal as durable work after its last signature: when it is due, how many attempts it took, why the last
 * failed; both dialects alike. A document whose copy is already stored has nothing due.
 */
export class DocumentSealing1765030000000 implements MigrationInterface {
  name = 'DocumentSealing1765030000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "seal_due_at" bigint`);
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "seal_attempts" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "documents" ADD COLUMN "seal_error" text`);
    await queryRunner.query(`CREATE INDEX "IDX_309f86a2237c7e94e8c14ec5d3" ON "documents" ("seal_due_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_309f86a2237c7e94e8c14ec5d3"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "seal_error"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "seal_attempts"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "seal_due_at"`);
  }
}
