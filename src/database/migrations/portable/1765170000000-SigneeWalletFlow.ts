import { MigrationInterface, QueryRunner } from 'typeorm';

/** The wallet signing flow of a document signee's latest EU wallet request, indexed by it; both dialects alike. */
export class SigneeWalletFlow1765170000000 implements MigrationInterface {
  name = 'SigneeWalletFlow1765170000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_signees" ADD COLUMN "wallet_flow_id" varchar(64)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_document_signees_wallet_flow_id" ON "document_signees" ("wallet_flow_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_document_signees_wallet_flow_id"`);
    await queryRunner.query(`ALTER TABLE "document_signees" DROP COLUMN "wallet_flow_id"`);
  }
}
