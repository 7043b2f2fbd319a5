import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "persons" ("environment" character varying(16) NOT NULL, "nin" character varying(32) NOT NULL, "display_name" character varying(200) NOT NULL, "claims" text NOT NULL, "synthetic" boolean NOT NULL DEFAULT false, "created_at" bigint NOT NULL, CONSTRAINT "PK_3d7543be7d9e7ead4e29448d173" PRIMARY KEY ("environment", "nin"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "service_keys" ("slot" character varying(32) NOT NULL, "kid" character varying(64) NOT NULL, "alg" character varying(16) NOT NULL, "private_jwk" text NOT NULL, "public_jwk" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_bd54d9f5005cef9033a88c9aba7" PRIMARY KEY ("slot"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "consumers" ("id" character varying(32) NOT NULL, "name" character varying(200) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_9355367764efa60a8c2c27856d0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "apps" ("id" character varying(32) NOT NULL, "consumer_id" character varying(32) NOT NULL, "name" character varying(200) NOT NULL, "environment" character varying(16) NOT NULL, "scopes" text NOT NULL, "secret_digest" character varying(64) NOT NULL, "public_key_pem" text NOT NULL, "webhook_secret" character varying(80) NOT NULL, "created_at" bigint NOT NULL, "secret_rotated_at" bigint NOT NULL, CONSTRAINT "PK_c5121fda0f8268f1f7f84134e19" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_83c53a99139fc22c200b5b1fba" ON "apps" ("consumer_id") `);
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" character varying(32) NOT NULL, "app_id" character varying(32) NOT NULL, "environment" character varying(16) NOT NULL, "digest" character varying(64) NOT NULL, "hint" character varying(24) NOT NULL, "created_at" bigint NOT NULL, "revoked_at" bigint, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_9a8bbd0dfa8388c61902c99aa8" ON "api_keys" ("app_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_a2140b1f5fe610cdf82b28ab65" ON "api_keys" ("digest") `);
    await queryRunner.query(
      `ALTER TABLE "apps" ADD CONSTRAINT "FK_83c53a99139fc22c200b5b1fbac" FOREIGN KEY ("consumer_id") REFERENCES "consumers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "FK_9a8bbd0dfa8388c61902c99aa8d" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_9a8bbd0dfa8388c61902c99aa8d"`);
    await queryRunner.query(`ALTER TABLE "apps" DROP CONSTRAINT "FK_83c53a99139fc22c200b5b1fbac"`);
    await queryRunner.query(`DROP INDEX "IDX_a2140b1f5fe610cdf82b28ab65"`);
    await queryRunner.query(`DROP INDEX "IDX_9a8bbd0dfa8388c61902c99aa8"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP INDEX "IDX_83c53a99139fc22c200b5b1fba"`);
    await queryRunner.query(`DROP TABLE "apps"`);
    await queryRunner.query(`DROP TABLE "consumers"`);
    await queryRunner.query(`DROP TABLE "service_keys"`);
    await queryRunner.query(`DROP TABLE "persons"`);
  }
}
