import { MigrationInterface, QueryRunner } from 'typeorm';

/** Files kept in the database (FILE_STORAGE=database): one row per file, its bytes in chunk rows. */
export class StoredFiles1764880000000 implements MigrationInterface {
  name = 'StoredFiles1764880000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stored_files" ("key" character varying(68) NOT NULL, "sha256" character varying(64) NOT NULL, "size" integer NOT NULL, "chunks" integer NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_31f99852d306c9c6526fcfec8d0" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_stored_files_created_at" ON "stored_files" ("created_at")`);
    // Chunks are read and written one at a time, so PostgreSQL keeps each out of line (TOAST) and a chunk's row
    // stays small; no compression, as PDFs are compressed already.
    await queryRunner.query(
      `CREATE TABLE "stored_file_chunks" ("file_key" character varying(68) NOT NULL, "seq" integer NOT NULL, "bytes" bytea NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "PK_stored_file_chunks" PRIMARY KEY ("file_key", "seq"))`,
    );
    await queryRunner.query(`ALTER TABLE "stored_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL`);
    await queryRunner.query(`CREATE INDEX "IDX_stored_file_chunks_created_at" ON "stored_file_chunks" ("created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stored_file_chunks"`);
    await queryRunner.query(`DROP INDEX "IDX_stored_files_created_at"`);
    await queryRunner.query(`DROP TABLE "stored_files"`);
  }
}
