import { MigrationInterface, QueryRunner } from 'typeorm';

/** An index on the webhook reference integrators give flows, for the operator's flow search; both dialects alike. */
export class FlowReferenceIndex1765080000000 implements MigrationInterface {
  name = 'FlowReferenceIndex1765080000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_07eabc03d797ad413b3a307343" ON "flows" ("webhook_reference")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_07eabc03d797ad413b3a307343"`);
  }
}
