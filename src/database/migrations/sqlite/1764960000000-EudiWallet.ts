import { MigrationInterface, QueryRunner } from 'typeorm';

/** The EU wallet verifier: its certificates made once, and what each wallet flow asked for. */
export class EudiWallet1764960000000 implements MigrationInterface {
  name = 'EudiWallet1764960000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "eudi_certificates" ("slot" varchar(32) PRIMARY KEY NOT NULL, "certificate_pem" text NOT NULL, "private_key" text NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "wallet_presentations" ("flow_id" varchar(64) PRIMARY KEY NOT NULL, "nonce" varchar(64) NOT NULL, "state" varchar(64) NOT NULL, "request_object" text NOT NULL, "response_key" text NOT NULL, "refusal" varchar(500), "created_at" bigint NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "wallet_presentations"`);
    await queryRunner.query(`DROP TABLE "eudi_certificates"`);
  }
}
