import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The integrator's page origin a wallet flow's Digital Credentials API request was made for, the answer's audience;
 * both dialects add the column alike.
 */
export class WalletDcApiOrigin1765010000000 implements MigrationInterface {
  name = 'WalletDcApiOrigin1765010000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "wallet_presentations" ADD COLUMN "dc_api_origin" varchar(300)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "wallet_presentations" DROP COLUMN "dc_api_origin"`);
  }
}
