import { MigrationInterface, QueryRunner } from 'typeorm';

export class Signing1763900000001 implements MigrationInterface {
  name = 'Signing1763900000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" ADD "webhook_url" varchar(2048)`);
    await queryRunner.query(`ALTER TABLE "flows" ADD "webhook_reference" varchar(200)`);
    await queryRunner.query(`ALTER TABLE "flows" ADD "signature" text`);
    await queryRunner.query(`ALTER TABLE "flows" ADD "signed_at" bigint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "signed_at"`);
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "signature"`);
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "webhook_reference"`);
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "webhook_url"`);
  }
}
