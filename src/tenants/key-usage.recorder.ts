import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../common/scheduling/background-work';
import { ApiKeyRepository } from './api-key.repository';

/** How often the keys used since the last write are written: "last used" is known to this much. */
export const KEY_USAGE_WRITE_MS = 60_000;
export const KEY_USAGE_PASS = 'API key usage';

/**
 * When each API key was last used, for the operator's lists, without a write per request: a request only notes its
 * key's id in memory, and once a minute one UPDATE per 500 keys stamps every key noted since. Shutdown writes what is
 * left, so a key used just before a restart is not lost.
 */
@Injectable()
export class KeyUsageRecorder implements OnModuleInit, OnApplicationShutdown {
  private noted = new Set<string>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly background: BackgroundWork,
  ) {}

  onModuleInit(): void {
    this.background.pass({
      name: KEY_USAGE_PASS,
      everyMs: KEY_USAGE_WRITE_MS,
      run: () => this.write(),
      failure: 'Could not record when API keys were last used',
    });
  }

  /** The minute's timer has stopped by now (background work stops before shutdown): one last pass writes the rest. */
  async onApplicationShutdown(): Promise<void> {
    await this.background.runOnce(KEY_USAGE_PASS);
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
    await this.keys.markUsed(ids, Date.now());
  }
}
