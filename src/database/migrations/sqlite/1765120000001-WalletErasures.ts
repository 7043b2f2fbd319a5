import { MigrationInterface, QueryRunner } from 'typeorm';

/** The record of each erasure request a wallet made: which flow, app and claims, and when; never the data. */
export class WalletErasures1765120000001 implements MigrationInterface {
  name = 'WalletErasures1765120000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "wallet_erasures" ("id" varchar(32) NOT NULL, "flow_id" varchar(64) NOT NULL, "app_id" varchar(32) NOT NULL, "claims" text NOT NULL, "request_id" varchar(128) NOT NULL, "received_at" bigint NOT NULL, PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_696611bf7ec2767bba53335c43" ON "wallet_erasures" ("flow_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_696611bf7ec2767bba53335c43"`);
    await queryRunner.query(`DROP TABLE "wallet_erasures"`);
  }
}
