import { MigrationInterface, QueryRunner } from 'typeorm';

/** The deployment's operators with their roles and sessions, and the audit log of what they changed. */
export class Operators1765040000000 implements MigrationInterface {
  name = 'Operators1765040000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "operators" ("id" varchar(32) PRIMARY KEY NOT NULL, "nin" varchar(32) NOT NULL, "name" varchar(200) NOT NULL, "role" varchar(16) NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_operators_nin" ON "operators" ("nin") `);
    await queryRunner.query(
      `CREATE TABLE "operator_audit" ("id" varchar(40) PRIMARY KEY NOT NULL, "at" bigint NOT NULL, "actor" varchar(64) NOT NULL, "action" varchar(200) NOT NULL, "target" text NOT NULL, "status" integer NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "operator_sessions" ("token_digest" varchar(64) PRIMARY KEY NOT NULL, "id_token_digest" varchar(64) NOT NULL, "operator_id" varchar(32) NOT NULL, "expires_at" bigint NOT NULL)`,
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
