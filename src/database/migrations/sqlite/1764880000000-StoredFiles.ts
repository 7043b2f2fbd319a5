import { MigrationInterface, QueryRunner } from 'typeorm';

/** Files kept in the database (FILE_STORAGE=database): one row per file, its bytes in chunk rows. */
export class StoredFiles1764880000000 implements MigrationInterface {
  name = 'StoredFiles1764880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stored_files" ("key" varchar(68) PRIMARY KEY NOT NULL, "sha256" varchar(64) NOT NULL, "size" integer NOT NULL, "chunks" integer NOT NULL, "created_at" bigint NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_stored_files_created_at" ON "stored_files" ("created_at")`);
    await queryRunner.query(
      `CREATE TABLE "stored_file_chunks" ("file_key" varchar(68) NOT NULL, "seq" integer NOT NULL, "bytes" blob NOT NULL, "created_at" bigint NOT NULL, PRIMARY KEY ("file_key", "seq"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_stored_file_chunks_created_at" ON "stored_file_chunks" ("created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stored_file_chunks"`);
    await queryRunner.query(`DROP INDEX "IDX_stored_files_created_at"`);
    await queryRunner.query(`DROP TABLE "stored_files"`);
  }
}
