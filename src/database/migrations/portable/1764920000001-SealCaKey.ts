import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox seal CA's key, kept (sealed) so the CA can sign its CRL and OCSP answers. */
export class SealCaKey1764920000001 implements MigrationInterface {
  name = 'SealCaKey1764920000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "seal_certificates" ADD COLUMN "ca_private_key" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "seal_certificates" DROP COLUMN "ca_private_key"`);
  }
}
