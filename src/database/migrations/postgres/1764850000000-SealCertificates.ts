import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox seal of documents: its certificate, its CA and its sealed private key, made once. */
export class SealCertificates1764850000000 implements MigrationInterface {
  name = 'SealCertificates1764850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "seal_certificates" ("slot" character varying(32) NOT NULL, "certificate_pem" text NOT NULL, "ca_pem" text NOT NULL, "private_key" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_ef48b4cf02569baef6fccf7a3e6" PRIMARY KEY ("slot"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "seal_certificates"`);
  }
}
