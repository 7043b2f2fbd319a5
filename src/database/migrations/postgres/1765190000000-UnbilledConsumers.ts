import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether a consumer is billed: every consumer is, but idflow's own console, whose operators run the service. */
export class UnbilledConsumers1765190000000 implements MigrationInterface {
  name = 'UnbilledConsumers1765190000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "consumers" ADD "billed" boolean NOT NULL DEFAULT true`);
    // The console's consumer, as src/operators/console-client.ts names it.
    await queryRunner.query(`UPDATE "consumers" SET "billed" = false WHERE "id" = 'bcn_idflowConsole00000000000'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "consumers" DROP COLUMN "billed"`);
  }
}
