import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The queue of pings owed to CIBA apps in ping mode; TypeORM's Table writes each dialect's DDL. */
export class CibaPings1764970000002 implements MigrationInterface {
  name = 'CibaPings1764970000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'ciba_pings',
        columns: [
          { name: 'flow_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'auth_req_id', type: 'text' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'integer' },
          { name: 'next_attempt_at', type: 'bigint', isNullable: true },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [
          { name: 'IDX_ciba_pings_status_next_attempt_at', columnNames: ['status', 'next_attempt_at'] },
          { name: 'IDX_ciba_pings_expires_at', columnNames: ['expires_at'] },
        ],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('ciba_pings');
  }
}
