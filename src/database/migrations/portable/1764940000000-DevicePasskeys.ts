import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Devices' passkeys and the one-time WebAuthn challenges issued to them; TypeORM's Table writes each dialect's DDL. */
export class DevicePasskeys1764940000000 implements MigrationInterface {
  name = 'DevicePasskeys1764940000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'device_passkeys',
        columns: [
          { name: 'device_id', type: 'varchar', length: '32', isPrimary: true },
          { name: 'credential_id', type: 'varchar', length: '1400' },
          { name: 'public_key', type: 'text' },
          { name: 'sign_count', type: 'integer' },
          { name: 'transports', type: 'text' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [{ name: 'IDX_device_passkeys_credential_id', columnNames: ['credential_id'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'passkey_challenges',
        columns: [
          { name: 'challenge', type: 'varchar', length: '64', isPrimary: true },
          { name: 'device_id', type: 'varchar', length: '32' },
          { name: 'flow_id', type: 'varchar', length: '80', isNullable: true },
          { name: 'expires_at', type: 'bigint' },
          { name: 'used_at', type: 'bigint', isNullable: true },
        ],
        indices: [{ name: 'IDX_passkey_challenges_expires_at', columnNames: ['expires_at'] }],
      }),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('passkey_challenges');
    await queryRunner.dropTable('device_passkeys');
  }
}
