import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registered intended use a wallet flow was created under, and an index on the nonce of each wallet request, by
 * which an erasure request names the presentation; both dialects alike.
 */
export class FlowIntendedUse1765120000000 implements MigrationInterface {
  name = 'FlowIntendedUse1765120000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" ADD COLUMN "intended_use" varchar(64)`);
    await queryRunner.query(`CREATE INDEX "IDX_af80b68b408caaa0c52f80f9f3" ON "wallet_presentations" ("nonce")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_af80b68b408caaa0c52f80f9f3"`);
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "intended_use"`);
  }
}
