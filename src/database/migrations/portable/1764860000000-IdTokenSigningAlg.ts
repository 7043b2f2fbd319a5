import { MigrationInterface, QueryRunner } from 'typeorm';

/** "Log in with OIDC": each app's ID token signing algorithm, RS256 for existing apps; both dialects alike. */
export class IdTokenSigningAlg1764860000000 implements MigrationInterface {
  name = 'IdTokenSigningAlg1764860000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "apps" ADD COLUMN "id_token_signing_alg" varchar(16) NOT NULL DEFAULT 'RS256'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "id_token_signing_alg"`);
  }
}
