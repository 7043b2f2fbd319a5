import type { DataSource } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';

/**
 * The rows of `stored_file_chunks`, each a slice of one stored file's bytes. Plain SQL rather than an entity:
 * TypeORM has no binary column type both dialects accept (`blob` on SQLite, `bytea` on PostgreSQL), and the
 * migrations of each dialect make the table. Statements run in the open unit of work, if any.
 */
export class StoredFileChunkRepository {
  private readonly postgres: boolean;
  private readonly unitOfWork: UnitOfWork;

  constructor(dataSource: DataSource) {
    this.postgres = dataSource.options.type === 'postgres';
    this.unitOfWork = new UnitOfWork(dataSource);
  }

  async insert(fileKey: string, seq: number, bytes: Buffer, createdAt: number): Promise<void> {
    await this.query(
      'INSERT INTO stored_file_chunks (file_key, seq, bytes, created_at) VALUES (?, ?, ?, ?)',
      fileKey,
      seq,
      bytes,
      createdAt,
    );
  }

  /** One chunk, or undefined once the file has been removed. */
  async read(fileKey: string, seq: number): Promise<Buffer | undefined> {
    const rows = await this.query<{ bytes: Buffer }>(
      'SELECT bytes FROM stored_file_chunks WHERE file_key = ? AND seq = ?',
      fileKey,
      seq,
    );
    return rows[0]?.bytes;
  }

  /** Every chunk of a file, in order. */
  async readAll(fileKey: string): Promise<Buffer[]> {
    const rows = await this.query<{ bytes: Buffer }>(
      'SELECT bytes FROM stored_file_chunks WHERE file_key = ? ORDER BY seq',
      fileKey,
    );
    return rows.map((row) => row.bytes);
  }

  async removeAll(fileKey: string): Promise<void> {
    await this.query('DELETE FROM stored_file_chunks WHERE file_key = ?', fileKey);
  }

  /** Chunks of a write that never finished: no file row names them. */
  async removeUnfinished(fileKey: string): Promise<void> {
    await this.query(
      'DELETE FROM stored_file_chunks WHERE file_key = ? AND NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = ?)',
      fileKey,
      fileKey,
    );
  }

  /** Keys of the writes begun before `before` (epoch ms) that never finished. */
  async unfinishedBefore(before: number): Promise<string[]> {
    const rows = await this.query<{ file_key: string }>(
      'SELECT DISTINCT c.file_key FROM stored_file_chunks c WHERE c.created_at < ? AND NOT EXISTS ' +
        '(SELECT 1 FROM stored_files f WHERE f.key = c.file_key)',
      before,
    );
    return rows.map((row) => row.file_key);
  }

  /** `?` placeholders, numbered for PostgreSQL. */
  private query<Row = unknown>(sql: string, ...parameters: unknown[]): Promise<Row[]> {
    let index = 0;
    const text = this.postgres ? sql.replace(/\?/g, () => `$${++index}`) : sql;
    return this.unitOfWork.manager.query(text, parameters);
  }
}
