import { MigrationInterface, QueryRunner } from 'typeorm';

/** CIBA logins: each app's delivery mode and notification endpoint, off for existing apps; both dialects alike. */
export class CibaDelivery1764950000000 implements MigrationInterface {
  name = 'CibaDelivery1764950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "ciba_delivery_mode" varchar(8) NOT NULL DEFAULT 'off'`);
    await queryRunner.query(`ALTER TABLE "apps" ADD COLUMN "ciba_notification_endpoint" varchar(2048)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "ciba_notification_endpoint"`);
    await queryRunner.query(`ALTER TABLE "apps" DROP COLUMN "ciba_delivery_mode"`);
  }
}
