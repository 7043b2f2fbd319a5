import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The retention sweep finds ended flows and finished webhook deliveries by their last change, oldest first. Plain
 * indexes read the same on both dialects, so both lists apply this one migration.
 */
export class Retention1764300000000 implements MigrationInterface {
  name = 'Retention1764300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_ce05bc53dbbf1da988e575326a" ON "flows" ("updated_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_c76dc2d6837dcbe7f997b557f6" ON "webhook_deliveries" ("updated_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_c76dc2d6837dcbe7f997b557f6"`);
    await queryRunner.query(`DROP INDEX "IDX_ce05bc53dbbf1da988e575326a"`);
  }
}
