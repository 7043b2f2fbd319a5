import { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1764000000000 implements MigrationInterface {
  name = 'Billing1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "billing_allowances" ("consumer_id" varchar(32) NOT NULL, "month" varchar(7) NOT NULL, "used" integer NOT NULL, PRIMARY KEY ("consumer_id", "month"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "billing_balances" ("consumer_id" varchar(32) PRIMARY KEY NOT NULL, "balance" bigint NOT NULL, "updated_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "usage_records" ("id" varchar(32) PRIMARY KEY NOT NULL, "consumer_id" varchar(32) NOT NULL, "app_id" varchar(32) NOT NULL, "key_id" varchar(32) NOT NULL, "environment" varchar(16) NOT NULL, "route" varchar(200) NOT NULL, "category" varchar(16), "status" integer NOT NULL, "cost" integer NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_607d910ac740372b3d2fddaa32" ON "usage_records" ("created_at") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_2d621e158cbe8870481c18668c" ON "usage_records" ("consumer_id", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_2d621e158cbe8870481c18668c"`);
    await queryRunner.query(`DROP INDEX "IDX_607d910ac740372b3d2fddaa32"`);
    await queryRunner.query(`DROP TABLE "usage_records"`);
    await queryRunner.query(`DROP TABLE "billing_balances"`);
    await queryRunner.query(`DROP TABLE "billing_allowances"`);
  }
}
