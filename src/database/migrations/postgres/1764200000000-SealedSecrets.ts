import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook secrets are sealed from now on, which makes them longer than 80 characters: the column is widened in place,
 * keeping every row (the values are sealed at start-up, where the key is at hand). Undoing it fails once sealed values
 * are stored, rather than cutting them.
 */
export class SealedSecrets1764200000000 implements MigrationInterface {
  name = 'SealedSecrets1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" ALTER COLUMN "webhook_secret" TYPE text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" ALTER COLUMN "webhook_secret" TYPE character varying(80)`);
  }
}
