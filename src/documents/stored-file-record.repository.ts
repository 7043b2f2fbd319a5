import { LessThan, type DataSource, type Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { StoredFileRecord } from './stored-file-record.entity';

/**
 * The `stored_files` table of FILE_STORAGE=database: one row a finished file, written after its chunks. Reads and
 * writes join the open unit of work, if any (a stamp's). Made by the file storage backend, not by Nest.
 */
export class StoredFileRecordRepository {
  private readonly unitOfWork: UnitOfWork;

  constructor(dataSource: DataSource) {
    this.unitOfWork = new UnitOfWork(dataSource);
  }

  async insert(record: StoredFileRecord): Promise<void> {
    await this.rows().insert(record);
  }

  find(key: string): Promise<StoredFileRecord | null> {
    return this.rows().findOneBy({ key });
  }

  exists(key: string): Promise<boolean> {
    return this.rows().existsBy({ key });
  }

  async delete(key: string): Promise<void> {
    await this.rows().delete({ key });
  }

  /** The keys of the files stored before `before` (epoch ms). */
  async keysStoredBefore(before: number): Promise<string[]> {
    const records = await this.rows().find({ select: { key: true }, where: { createdAt: LessThan(before) } });
    return records.map((record) => record.key);
  }

  private rows(): Repository<StoredFileRecord> {
    return this.unitOfWork.manager.getRepository(StoredFileRecord);
  }
}
