import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An index on a flow's status and expiry, so that the expiry sweep learns when the next open flow expires in one seek
 * rather than walking every flow that ever expired; both dialects alike.
 */
export class OpenFlowExpiryIndex1765090000000 implements MigrationInterface {
  name = 'OpenFlowExpiryIndex1765090000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_flows_status_expires_at" ON "flows" ("status", "expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_flows_status_expires_at"`);
  }
}
