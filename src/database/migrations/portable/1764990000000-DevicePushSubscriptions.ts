import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Devices' Web Push subscriptions, sealed; TypeORM's Table writes each dialect's DDL. */
export class DevicePushSubscriptions1764990000000 implements MigrationInterface {
  name = 'DevicePushSubscriptions1764990000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'device_push_subscriptions',
        columns: [
          { name: 'device_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'subscription', type: 'text' },
          { name: 'updated_at', type: 'bigint' },
        ],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('device_push_subscriptions');
  }
}
