import { MigrationInterface, QueryRunner } from 'typeorm';

/** Pushed flows whose verification code the person must pick out of three (`choice`); both dialects alike. */
export class VerificationChoice1764700000000 implements MigrationInterface {
  name = 'VerificationChoice1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" ADD COLUMN "verification" varchar(8)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "flows" DROP COLUMN "verification"`);
  }
}
