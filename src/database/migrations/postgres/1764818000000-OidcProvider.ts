import { MigrationInterface, QueryRunner } from 'typeorm';

/** "Log in with OIDC": the provider's records, and each app's redirect URIs and public-client flag. */
export class OidcProvider1764818000000 implements MigrationInterface {
  name = 'OidcProvider1764818000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oidc_records" ("id" character varying(128) NOT NULL, "kind" character varying(48) NOT NULL, "payload" text NOT NULL, "expires_at" bigint, "grant_id" character varying(128), "uid" character varying(128), "user_code" character varying(64), CONSTRAINT "PK_be744eda07c60ccf7b9173a792f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5a9bee2c9133063bda41ef796b" ON "oidc_records" ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_65d3c1217b6f6dd1d1922ac409" ON "oidc_records" ("grant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_81aac5729f6d8b73dedfb942a6" ON "oidc_records" ("uid") `);
    await queryRunner.query(`CREATE INDEX "IDX_403861429381483f55e634a509" ON "oidc_records" ("user_code") `);
    await queryRunner.query(`ALTER TABLE "apps" ADD "redirect_uris" text NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "apps" ADD "public_client" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "public_client"`);
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "redirect_uris"`);
    await queryRunner.query(`DROP INDEX "IDX_403861429381483f55e634a509"`);
    await queryRunner.query(`DROP INDEX "IDX_81aac5729f6d8b73dedfb942a6"`);
    await queryRunner.query(`DROP INDEX "IDX_65d3c1217b6f6dd1d1922ac409"`);
    await queryRunner.query(`DROP INDEX "IDX_5a9bee2c9133063bda41ef796b"`);
    await queryRunner.query(`DROP TABLE "oidc_records"`);
  }
}
