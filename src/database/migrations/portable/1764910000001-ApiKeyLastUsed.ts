import { MigrationInterface, QueryRunner } from 'typeorm';

/** When each API key was last used (to the minute), for the operator's lists; both dialects alike. */
export class ApiKeyLastUsed1764910000001 implements MigrationInterface {
  name = 'ApiKeyLastUsed1764910000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" ADD COLUMN "last_used_at" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" DROP COLUMN "last_used_at"`);
  }
}
