import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMsColumn } from '../common/persistence/column-types';

/**
 * A file kept in the database (FILE_STORAGE=database): its bytes are the rows of `stored_file_chunks`, and this row,
 * written after the last of them, is what makes the file exist, so a reader never finds part of one.
 */
@Entity({ name: 'stored_files' })
export class StoredFileRecord {
  @PrimaryColumn({ type: 'varchar', length: 68 })
  key: string;

  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  @Column({ type: 'integer' })
  size: number;

  /** How many chunk rows hold the bytes, numbered from 0. */
  @Column({ type: 'integer' })
  chunks: number;

  /** The orphan sweep asks for the files stored before a moment. */
  @Index('IDX_stored_files_created_at')
  @Column({ ...epochMsColumn, name: 'created_at' })
  createdAt: number;
}
