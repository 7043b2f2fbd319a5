import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a flow ended where its status alone does not say (`device-revoked`), and an index on the device holding a flow,
 * for the open flows a revoked device leaves; both dialects alike.
 */
export class FlowEndReason1764980000000 implements MigrationInterface {
  name = 'FlowEndReason1764980000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" ADD COLUMN "end_reason" varchar(32)`);
    await queryRunner.query(`CREATE INDEX "IDX_bde403bafbc66053ca8b429416" ON "flows" ("device_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_bde403bafbc66053ca8b429416"`);
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "end_reason"`);
  }
}
