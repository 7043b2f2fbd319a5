import { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1764000000000 implements MigrationInterface {
  name = 'Billing1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "billing_allowances" ("consumer_id" character varying(32) NOT NULL, "month" character varying(7) NOT NULL, "used" integer NOT NULL, CONSTRAINT "PK_d2e49d7562b72ef26e743a01fbb" PRIMARY KEY ("consumer_id", "month"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "billing_balances" ("consumer_id" character varying(32) NOT NULL, "balance" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "PK_d41ee1b81b69499257cbbfc76e7" PRIMARY KEY ("consumer_id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "usage_records" ("id" character varying(32) NOT NULL, "consumer_id" character varying(32) NOT NULL, "app_id" character varying(32) NOT NULL, "key_id" character varying(32) NOT NULL, "environment" character varying(16) NOT NULL, "route" character varying(200) NOT NULL, "category" character varying(16), "status" integer NOT NULL, "cost" integer NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_e511cf9f7dc53851569f87467a5" PRIMARY KEY ("id"))`,
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
