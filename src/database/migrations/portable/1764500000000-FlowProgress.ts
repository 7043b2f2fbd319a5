import { MigrationInterface, QueryRunner } from 'typeorm';

/** When a device first fetched and first showed each flow, for the progress hints; both dialects add columns alike. */
export class FlowProgress1764500000000 implements MigrationInterface {
  name = 'FlowProgress1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" ADD COLUMN "seen_at" bigint`);
    await queryRunner.query(`ALTER TABLE "flows" ADD COLUMN "viewed_at" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "viewed_at"`);
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "seen_at"`);
  }
}
