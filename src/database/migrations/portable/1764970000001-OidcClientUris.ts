import { MigrationInterface, QueryRunner } from 'typeorm';

/** Apps may register a back-channel logout URI and a jwks_uri; existing apps have neither. Both dialects alike. */
export class OidcClientUris1764970000001 implements MigrationInterface {
  name = 'OidcClientUris1764970000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "backchannel_logout_uri" varchar(2048)`);
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "jwks_uri" varchar(2048)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "jwks_uri"`);
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "backchannel_logout_uri"`);
  }
}
