import { MigrationInterface, QueryRunner } from 'typeorm';

/** How a document is signed: idflow's seal (every document so far), or each signee's own signature before it. */
export class DocumentSignature1765060000001 implements MigrationInterface {
  name = 'DocumentSignature1765060000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" ADD "signature" character varying(16) NOT NULL DEFAULT 'seal'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "documents" DROP COLUMN "signature"`);
  }
}
