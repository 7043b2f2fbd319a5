import { MigrationInterface, QueryRunner } from 'typeorm';

/** The intended uses apps register for the EU wallet: what their wallet requests may ask for, and why. */
export class WalletIntendedUses1765070000000 implements MigrationInterface {
  name = 'WalletIntendedUses1765070000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "wallet_intended_uses" ("app_id" character varying(64) NOT NULL, "name" character varying(64) NOT NULL, "purpose" character varying(300) NOT NULL, "credentials" text NOT NULL, "claims" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_98978b65ef4e89276217d1e5d98" PRIMARY KEY ("app_id", "name"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "wallet_intended_uses"`);
  }
}
