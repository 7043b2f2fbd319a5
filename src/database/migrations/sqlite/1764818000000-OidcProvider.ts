import { MigrationInterface, QueryRunner } from 'typeorm';

/** "Log in with OIDC": the provider's records, and each app's redirect URIs and public-client flag. */
export class OidcProvider1764818000000 implements MigrationInterface {
  name = 'OidcProvider1764818000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oidc_records" ("id" varchar(128) PRIMARY KEY NOT NULL, "kind" varchar(48) NOT NULL, "payload" text NOT NULL, "expires_at" bigint, "grant_id" varchar(128), "uid" varchar(128), "user_code" varchar(64))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5a9bee2c9133063bda41ef796b" ON "oidc_records" ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_65d3c1217b6f6dd1d1922ac409" ON "oidc_records" ("grant_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_81aac5729f6d8b73dedfb942a6" ON "oidc_records" ("uid") `);
    await queryRunner.query(`CREATE INDEX "IDX_403861429381483f55e634a509" ON "oidc_records" ("user_code") `);
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "redirect_uris" text NOT NULL DEFAULT ('[]')`);
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "public_client" boolean NOT NULL DEFAULT (0)`);
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
