import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { PeriodicPass } from '../common/scheduling/periodic-pass';
import { ApiKey } from './api-key.entity';

/** How often the keys used since the last write are written: "last used" is known to this much. */
export const KEY_USAGE_WRITE_MS = 60_000;
/** Ids per UPDATE, well below the parameter limits of SQLite and PostgreSQL. */
const IDS_PER_STATEMENT = 500;

/**
 * When each API key was last used, for the operator's lists, without a write per request: a request only notes its
 * key's id in memory, and once a minute one UPDATE per 500 keys stamps every key noted since. Shutdown writes what is
 * left, so a key used just before a restart is not lost.
 */
@Injectable()
export class KeyUsageRecorder implements OnModuleInit, OnApplicationShutdown {
  private noted = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  private readonly pass = new PeriodicPass(
    () => this.write(),
    new Logger(KeyUsageRecorder.name),
    'Could not record when API keys were last used',
  );

  constructor(@InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>) {}

  onModuleInit(): void {
    this.pass.start(KEY_USAGE_WRITE_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pass.stop();
    await this.pass.runOnce();
  }

  used(keyId: string): void {
    this.noted.add(keyId);
  }

  /**
   * Stamps the keys noted since the last write with the time of this one, once any write already running is done: a
   * caller that returns from it finds every key noted before its call stamped, even when the minute's pass took them.
   */
  write(): Promise<void> {
    const next = this.writing.then(
      () => this.writeNoted(),
      () => this.writeNoted(),
    );
    this.writing = next;
    return next;
  }

  private async writeNoted(): Promise<void> {
    if (this.noted.size === 0) return;
    const ids = [...this.noted];
    this.noted = new Set();
    const now = Date.now();
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      await this.keys.update({ id: In(ids.slice(start, start + IDS_PER_STATEMENT)) }, { lastUsedAt: now });
    }
  }
}
