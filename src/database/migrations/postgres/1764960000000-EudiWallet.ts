import { MigrationInterface, QueryRunner } from 'typeorm';

/** The EU wallet verifier: its certificates made once, and what each wallet flow asked for. */
export class EudiWallet1764960000000 implements MigrationInterface {
  name = 'EudiWallet1764960000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "eudi_certificates" ("slot" character varying(32) NOT NULL, "certificate_pem" text NOT NULL, "private_key" text NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_0d7f5636f4e241b1572d005f8e6" PRIMARY KEY ("slot"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "wallet_presentations" ("flow_id" character varying(64) NOT NULL, "nonce" character varying(64) NOT NULL, "state" character varying(64) NOT NULL, "request_object" text NOT NULL, "response_key" text NOT NULL, "refusal" character varying(500), "created_at" bigint NOT NULL, CONSTRAINT "PK_a4eb3054ed5973fe9d2681c1220" PRIMARY KEY ("flow_id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "wallet_presentations"`);
    await queryRunner.query(`DROP TABLE "eudi_certificates"`);
  }
}
