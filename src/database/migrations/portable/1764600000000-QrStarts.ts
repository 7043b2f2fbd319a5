import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sealed secret of an animated QR code's start token, beside its digest; both dialects add a column alike. */
export class QrStarts1764600000000 implements MigrationInterface {
  name = 'QrStarts1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flow_codes" ADD COLUMN "secret" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flow_codes" DROP COLUMN "secret"`);
  }
}
