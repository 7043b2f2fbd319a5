import { MigrationInterface, QueryRunner } from 'typeorm';

/** When an operator revoked a device's passkey: its approvals are refused until the holder registers a new one. */
export class PasskeyRevocation1765145000000 implements MigrationInterface {
  name = 'PasskeyRevocation1765145000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "device_passkeys" ADD COLUMN "revoked_at" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "device_passkeys" DROP COLUMN "revoked_at"`);
  }
}
