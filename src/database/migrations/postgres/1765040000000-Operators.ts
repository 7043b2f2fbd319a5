import { MigrationInterface, QueryRunner } from 'typeorm';

/** The deployment's operators with their roles and sessions, and the audit log of what they changed. */
export class Operators1765040000000 implements MigrationInterface {
  name = 'Operators1765040000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "operators" ("id" character varying(32) NOT NULL, "nin" character varying(32) NOT NULL, "name" character varying(200) NOT NULL, "role" character varying(16) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_3d02b3692836893720335a79d1b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_operators_nin" ON "operators" ("nin") `);
    await queryRunner.query(
      `CREATE TABLE "operator_audit" ("id" character varying(40) NOT NULL, "at" bigint NOT NULL, "actor" character varying(64) NOT NULL, "action" character varying(200) NOT NULL, "target" text NOT NULL, "status" integer NOT NULL, CONSTRAINT "PK_a8b3a0f3ea7cf7e4a0911811655" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "operator_sessions" ("token_digest" character varying(64) NOT NULL, "id_token_digest" character varying(64) NOT NULL, "operator_id" character varying(32) NOT NULL, "expires_at" bigint NOT NULL, CONSTRAINT "PK_7eb80f7e1c208da4df95530e351" PRIMARY KEY ("token_digest"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_operator_sessions_id_token" ON "operator_sessions" ("id_token_digest") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_operator_sessions_id_token"`);
    await queryRunner.query(`DROP TABLE "operator_sessions"`);
    await queryRunner.query(`DROP TABLE "operator_audit"`);
    await queryRunner.query(`DROP INDEX "UQ_operators_nin"`);
    await queryRunner.query(`DROP TABLE "operators"`);
  }
}
