import { MigrationInterface, QueryRunner } from 'typeorm';

export class Devices1763800000001 implements MigrationInterface {
  name = 'Devices1763800000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "devices" ("id" varchar(32) PRIMARY KEY NOT NULL, "nin" varchar(32) NOT NULL, "environment" varchar(16) NOT NULL, "alg" varchar(8) NOT NULL, "public_jwk" text NOT NULL, "thumbprint" varchar(64) NOT NULL, "label" varchar(100) NOT NULL, "virtual_private_jwk" text, "created_at" bigint NOT NULL, "revoked_at" bigint)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_58a4cf476f23170d95876edd6d" ON "devices" ("nin") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b151c66e2cf2c4bb6e1ba4f4b8" ON "devices" ("thumbprint") `);
    await queryRunner.query(
      `CREATE TABLE "enrollment_codes" ("code_digest" varchar(64) PRIMARY KEY NOT NULL, "nin" varchar(32) NOT NULL, "environment" varchar(16) NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "used_at" bigint)`,
    );
    await queryRunner.query(
      `CREATE TABLE "used_device_proofs" ("jti_digest" varchar(64) PRIMARY KEY NOT NULL, "expires_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_f95b14e12c8c9e08f9ca7a0555" ON "used_device_proofs" ("expires_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_f95b14e12c8c9e08f9ca7a0555"`);
    await queryRunner.query(`DROP TABLE "used_device_proofs"`);
    await queryRunner.query(`DROP TABLE "enrollment_codes"`);
    await queryRunner.query(`DROP INDEX "IDX_b151c66e2cf2c4bb6e1ba4f4b8"`);
    await queryRunner.query(`DROP INDEX "IDX_58a4cf476f23170d95876edd6d"`);
    await queryRunner.query(`DROP TABLE "devices"`);
  }
}
