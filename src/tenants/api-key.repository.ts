import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ApiKey } from './api-key.entity';

/** Ids per UPDATE, well below the parameter limits of SQLite and PostgreSQL. */
const IDS_PER_STATEMENT = 500;

/** The API keys table: keys by id, digest or app, with their app and consumer, and when they were last used. */
@Injectable()
export class ApiKeyRepository {
  constructor(@InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>) {}

  /** Writes a new key; answers it as saved. */
  add(fields: Omit<ApiKey, 'app' | 'lastUsedAt'>): Promise<ApiKey> {
    return this.keys.save(this.keys.create(fields));
  }

  /** Writes the key's changed fields. */
  async save(key: ApiKey): Promise<void> {
    await this.keys.save(key);
  }

  find(keyId: string): Promise<ApiKey | null> {
    return this.keys.findOneBy({ id: keyId });
  }

  findByDigest(digest: string): Promise<ApiKey | null> {
    return this.keys.findOneBy({ digest });
  }

  /** The key with this digest, its app and the app's consumer loaded with it. */
  findWithOwner(digest: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { digest }, relations: { app: { consumer: true } } });
  }

  /** An app's keys, oldest first. */
  listOf(appId: string): Promise<ApiKey[]> {
    return this.keys.find({ where: { appId }, order: { createdAt: 'ASC' } });
  }

  /** The latest use of any key of each app that has a used key, by app id. */
  lastUsePerApp(): Promise<Map<string, number>> {
    return this.lastUseBy('app.id');
  }

  /** The latest use of any key of each consumer that has a used key, by consumer id. */
  lastUsePerConsumer(): Promise<Map<string, number>> {
    return this.lastUseBy('app.consumer_id');
  }

  private async lastUseBy(column: 'app.id' | 'app.consumer_id'): Promise<Map<string, number>> {
    const rows = await this.keys
      .createQueryBuilder('key')
      .innerJoin('key.app', 'app')
      .select(column, 'owner')
      .addSelect('MAX(key.last_used_at)', 'lastUsedAt')
      .where('key.last_used_at IS NOT NULL')
      .groupBy(column)
      .getRawMany<{ owner: string; lastUsedAt: string | number }>();
    return new Map(rows.map((row) => [row.owner, Number(row.lastUsedAt)]));
  }

  /** Stamps these keys last used at `at`. */
  async markUsed(keyIds: string[], at: number): Promise<void> {
    for (let start = 0; start < keyIds.length; start += IDS_PER_STATEMENT) {
      await this.keys.update({ id: In(keyIds.slice(start, start + IDS_PER_STATEMENT)) }, { lastUsedAt: at });
    }
  }
}
