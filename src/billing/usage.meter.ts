import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { headerValue } from '../common/http/header-value';
import { TenantsService } from '../tenants/tenants.service';
import { UsageOwner, usageOwnerOf } from './usage-owner';
import { UsageTally } from './usage-tally';
import { NewUsageRecord, UsageService } from './usage.service';

export const FLUSH_INTERVAL_MS = 1000;
/** Rows this many are written at once, without waiting for the next tick; it is also the rows per INSERT. */
export const FLUSH_AT_ROWS = 200;
/** While the database cannot be written, at most this many rows wait; beyond it the oldest are dropped. */
export const MAX_BUFFERED_ROWS = 100_000;

const ROUTE_MAX_LENGTH = 200;

type MeteredCall = Omit<NewUsageRecord, 'consumerId' | 'appId' | 'keyId' | 'environment'>;

const attributed = (call: MeteredCall, owner: UsageOwner): NewUsageRecord => ({ ...call, ...owner });

/**
 * Usage metering. Every request that carries `x-api-key` is looked at when its answer has been sent, so the final
 * status is known whichever guard, pipe, handler or filter decided it. Answers below 500 with the key of a known app
 * (revoked keys included: the app is known) become usage records; keyless requests, unknown keys and 5xx answers do
 * not. Calls are counted in memory (`UsageTally`: one row per key, route, status and minute) and written off the
 * request path, every second or every 200 rows, and on shutdown; a failed write keeps them for the next attempt.
 */
@Injectable()
export class UsageMeter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsageMeter.name);
  private readonly tally = new UsageTally();
  /** Calls whose key owner is still being looked up; a flush waits for them. */
  private readonly attributing = new Set<Promise<void>>();
  /** The chain of writes: one at a time, in order. */
  private writing: Promise<void> = Promise.resolve();
  private queued?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private draining = false;
  private failing = false;

  constructor(
    private readonly usage: UsageService,
    private readonly tenants: TenantsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * Writes what was answered so far. The HTTP server closes only after this hook, so calls answered during that last
   * stretch are written one by one as they finish, while the database is still open.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.draining = true;
    await this.flush();
  }

  /** The Express middleware that watches each request; it goes before body parsing, so refused bodies count too. */
  middleware(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      const arrivedAt = Date.now();
      // An answer finishes once: `on` spares the wrapper `once` would make for every request.
      response.on('finish', () => this.observe(request, response.statusCode, arrivedAt));
      next();
    };
  }

  /** Resolves once every call answered before it was called is stored (or has failed and waits for the next try). */
  flush(): Promise<void> {
    // One flush waits behind the running write at most; calls made meanwhile share it, as it has not started yet.
    this.queued ??= this.writing
      .then(async () => {
        this.queued = undefined;
        await Promise.allSettled([...this.attributing]);
        await this.writeBuffered();
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'Usage flush failed'));
    this.writing = this.queued;
    return this.queued;
  }

  private observe(request: Request, status: number, arrivedAt: number): void {
    if (status >= 500) return;
    // A call is metered when its handler named the app it acts for (an OIDC login too), or when it carries an API key.
    if (request.principal) {
      this.record(attributed(meteredCall(request, status, arrivedAt), usageOwnerOf(request.principal)));
      return;
    }
    const apiKey = headerValue(request, CREDENTIAL_HEADERS.key);
    if (!apiKey) return;
    const call = meteredCall(request, status, arrivedAt);
    const lookup = this.tenants.findKeyOwner(apiKey).then(
      (owner) => {
        if (owner) this.record(attributed(call, usageOwnerOf(owner)));
      },
      (error: unknown) => this.logger.error({ err: error }, 'Could not attribute a metered call; it is not recorded'),
    );
    this.attributing.add(lookup);
    void lookup.finally(() => this.attributing.delete(lookup));
  }

  private record(record: NewUsageRecord): void {
    this.tally.add(record);
    if (this.draining || this.tally.size >= FLUSH_AT_ROWS) void this.flush();
  }

  private async writeBuffered(): Promise<void> {
    const rows = this.tally.take();
    for (let start = 0; start < rows.length; start += FLUSH_AT_ROWS) {
      try {
        await this.usage.append(rows.slice(start, start + FLUSH_AT_ROWS));
      } catch (error) {
        if (!this.failing) this.logger.error({ err: error }, 'Could not write usage records; keeping them to retry');
        this.failing = true;
        this.tally.putBack(rows.slice(start));
        this.dropOverflow();
        return;
      }
      if (this.failing) this.logger.log('Usage records are being written again');
      this.failing = false;
    }
  }

  private dropOverflow(): void {
    const calls = this.tally.dropOldest(MAX_BUFFERED_ROWS);
    if (calls > 0) this.logger.error(`Dropped ${calls} oldest metered calls: the database has not accepted them`);
  }
}

function meteredCall(request: Request, status: number, arrivedAt: number): MeteredCall {
  return {
    route: (request.meteredRoute?.route ?? `${request.method} (not routed)`).slice(0, ROUTE_MAX_LENGTH),
    category: request.meteredRoute?.category ?? null,
    status,
    calls: 1,
    cost: request.billing?.cost ?? 0,
    createdAt: arrivedAt,
  };
}
