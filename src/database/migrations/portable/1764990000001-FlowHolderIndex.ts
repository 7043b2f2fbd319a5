import { MigrationInterface, QueryRunner } from 'typeorm';

/** An index on the holder who answered a flow, for a person's history in their app; both dialects alike. */
export class FlowHolderIndex1764990000001 implements MigrationInterface {
  name = 'FlowHolderIndex1764990000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_d46ceab23f9bfd76c9de80525b" ON "flows" ("holder_nin")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_d46ceab23f9bfd76c9de80525b"`);
  }
}
