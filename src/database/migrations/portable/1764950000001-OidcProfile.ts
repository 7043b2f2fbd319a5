import { MigrationInterface, QueryRunner } from 'typeorm';

/** FAPI 2.0: each app's OpenID profile, basic for existing apps; both dialects alike. */
export class OidcProfile1764950000001 implements MigrationInterface {
  name = 'OidcProfile1764950000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "oidc_profile" varchar(8) NOT NULL DEFAULT 'basic'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "oidc_profile"`);
  }
}
