import { MigrationInterface, QueryRunner } from 'typeorm';

/** Why a document signee declined, in their own words; both dialects add the column alike. */
export class DeclineReasons1764810000000 implements MigrationInterface {
  name = 'DeclineReasons1764810000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_signees" ADD COLUMN "decline_reason" varchar(500)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "document_signees" DROP COLUMN "decline_reason"`);
  }
}
