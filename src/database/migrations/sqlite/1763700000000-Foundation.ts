import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "persons" ("environment" varchar(16) NOT NULL, "nin" varchar(32) NOT NULL, "display_name" varchar(200) NOT NULL, "claims" text NOT NULL, "synthetic" boolean NOT NULL DEFAULT (0), "created_at" bigint NOT NULL, PRIMARY KEY ("environment", "nin"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "service_keys" ("slot" varchar(32) PRIMARY KEY NOT NULL, "kid" varchar(64) NOT NULL, "alg" varchar(16) NOT NULL, "private_jwk" text NOT NULL, "public_jwk" text NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "consumers" ("id" varchar(32) PRIMARY KEY NOT NULL, "name" varchar(200) NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "apps" ("id" varchar(32) PRIMARY KEY NOT NULL, "consumer_id" varchar(32) NOT NULL, "name" varchar(200) NOT NULL, "environment" varchar(16) NOT NULL, "scopes" text NOT NULL, "secret_digest" varchar(64) NOT NULL, "public_key_pem" text NOT NULL, "webhook_secret" varchar(80) NOT NULL, "created_at" bigint NOT NULL, "secret_rotated_at" bigint NOT NULL, CONSTRAINT "FK_83c53a99139fc22c200b5b1fbac" FOREIGN KEY ("consumer_id") REFERENCES "consumers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_83c53a99139fc22c200b5b1fba" ON "apps" ("consumer_id") `);
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" varchar(32) PRIMARY KEY NOT NULL, "app_id" varchar(32) NOT NULL, "environment" varchar(16) NOT NULL, "digest" varchar(64) NOT NULL, "hint" varchar(24) NOT NULL, "created_at" bigint NOT NULL, "revoked_at" bigint, CONSTRAINT "FK_9a8bbd0dfa8388c61902c99aa8d" FOREIGN KEY ("app_id") REFERENCES "apps" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_9a8bbd0dfa8388c61902c99aa8" ON "api_keys" ("app_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a2140b1f5fe610cdf82b28ab65" ON "api_keys" ("digest") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP TABLE "apps"`);
    await queryRunner.query(`DROP TABLE "consumers"`);
    await queryRunner.query(`DROP TABLE "service_keys"`);
    await queryRunner.query(`DROP TABLE "persons"`);
  }
}
