import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter every instance reads once a second to learn that another process changed what it caches (the key holder
 * cache: a key revoked by the operator CLI), as SQLite's `PRAGMA data_version` tells on the embedded default. A
 * sequence, since `nextval` is seen by every session at once and never waits for, nor rolls back with, a transaction.
 */
export class ChangeCounter1765050000000 implements MigrationInterface {
  name = 'ChangeCounter1765050000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "change_counter"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SEQUENCE "change_counter"`);
  }
}
