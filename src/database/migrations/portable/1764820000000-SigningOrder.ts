import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signing order: a document signs in parallel (every signee at once, as before) or in sequential steps, each signee
 * carrying the step they sign in; existing documents are parallel with every signee in step 1. Both dialects alike.
 */
export class SigningOrder1764820000000 implements MigrationInterface {
  name = 'SigningOrder1764820000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "documents" ADD COLUMN "signing_order" varchar(16) NOT NULL DEFAULT 'parallel'`,
    );
    await queryRunner.query(`ALTER TABLE "document_signees" ADD COLUMN "step" integer NOT NULL DEFAULT 1`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_signees" DROP COLUMN "step"`);
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "signing_order"`);
  }
}
