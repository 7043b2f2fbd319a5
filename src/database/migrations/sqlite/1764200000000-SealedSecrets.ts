import { MigrationInterface, QueryRunner } from 'typeorm';

/** SQLite changes a column's type by rebuilding its table: the same rebuild up and down, only the type differs. */
async function rebuildApps(queryRunner: QueryRunner, webhookSecretType: string): Promise<void> {
  await queryRunner.query(`DROP INDEX "IDX_83c53a99139fc22c200b5b1fba"`);
  await queryRunner.query(
    `CREATE TABLE "temporary_apps" ("id" varchar(32) PRIMARY KEY NOT NULL, "consumer_id" varchar(32) NOT NULL, "name" varchar(200) NOT NULL, "environment" varchar(16) NOT NULL, "scopes" text NOT NULL, "secret_digest" varchar(64) NOT NULL, "public_key_pem" text NOT NULL, "webhook_secret" ${webhookSecretType} NOT NULL, "created_at" bigint NOT NULL, "secret_rotated_at" bigint NOT NULL, CONSTRAINT "FK_83c53a99139fc22c200b5b1fbac" FOREIGN KEY ("consumer_id") REFERENCES "consumers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
  );
  await queryRunner.query(
    `INSERT INTO "temporary_apps"("id", "consumer_id", "name", "environment", "scopes", "secret_digest", "public_key_pem", "webhook_secret", "created_at", "secret_rotated_at") SELECT "id", "consumer_id", "name", "environment", "scopes", "secret_digest", "public_key_pem", "webhook_secret", "created_at", "secret_rotated_at" FROM "apps"`,
  );
  await queryRunner.query(`DROP TABLE "apps"`);
  await queryRunner.query(`ALTER TABLE "temporary_apps" RENAME TO "apps"`);
  await queryRunner.query(`CREATE INDEX "IDX_83c53a99139fc22c200b5b1fba" ON "apps" ("consumer_id") `);
}

/**
 * Webhook secrets are sealed from now on, which makes them longer than 80 characters: the table is rebuilt with a text
 * column, keeping every row (the values are sealed at start-up, where the key is at hand).
 */
export class SealedSecrets1764200000000 implements MigrationInterface {
  name = 'SealedSecrets1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await rebuildApps(queryRunner, 'text');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await rebuildApps(queryRunner, 'varchar(80)');
  }
}
