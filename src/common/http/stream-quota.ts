import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { rateLimitSubject } from '../client-ip/client-ip';
import { TooManyStreamsError } from '../errors/too-many-streams.error';

/** What a stream is counted against: the flow (or review document) it follows, the app, and the client. */
export interface StreamOwners {
  flow?: string;
  app?: string;
  clientIp: string;
}

/** Streams end as their flows do, within minutes for most; a client told to wait tries again after this. */
const RETRY_AFTER_SECONDS = 30;

const SCOPE_NAMES: Record<keyof StreamOwners, string> = { flow: 'flow', app: 'app', clientIp: 'client IP' };

/** What a connection is held open for; each kind is counted on its own, against the same caps. */
export type HeldConnection = 'event streams' | 'held polls';

/** What this instance holds open: streams and held polls in all, and those of each app's flows. */
export interface OpenConnections {
  eventStreams: number;
  heldPolls: number;
  apps: Array<{ appId: string; eventStreams: number; heldPolls: number }>;
  /** The caps, per instance, that a connection beyond is refused with 429. */
  limits: Record<keyof StreamOwners, number>;
}

const HELD_CONNECTIONS: Record<HeldConnection, 'eventStreams' | 'heldPolls'> = {
  'event streams': 'eventStreams',
  'held polls': 'heldPolls',
};

/**
 * Caps the server-sent event streams, and the legacy polls held, open at once on this instance, per flow, per app and
 * per client IP (IPv6 by network, as the rate limit counts): each holds memory for as long as its client keeps it, so
 * without a cap a single client with a key, or anyone with a review link, could hold thousands.
 */
@Injectable()
export class StreamQuota {
  private readonly open = new Map<string, number>();
  private readonly limits: Record<keyof StreamOwners, number>;

  constructor(private readonly config: AppConfig) {
    this.limits = {
      flow: config.STREAMS_PER_FLOW,
      app: config.STREAMS_PER_APP,
      clientIp: config.STREAMS_PER_CLIENT_IP,
    };
  }

  /**
   * The connections open now on this instance: every one is counted against its client, so those counts add up to
   * all of them; the apps' counts cover flow streams and polls (device and review streams belong to no app).
   */
  openConnections(): OpenConnections {
    const totals = { eventStreams: 0, heldPolls: 0 };
    const apps = new Map<string, { appId: string; eventStreams: number; heldPolls: number }>();
    for (const [key, count] of this.open) {
      const [held, scope, id] = key.split(':', 3) as [HeldConnection, keyof StreamOwners, string];
      const kind = HELD_CONNECTIONS[held];
      if (scope === 'clientIp') totals[kind] += count;
      if (scope !== 'app') continue;
      const app = apps.get(id) ?? { appId: id, eventStreams: 0, heldPolls: 0 };
      app[kind] += count;
      apps.set(id, app);
    }
    const byApp = [...apps.values()].sort((a, b) => b.eventStreams + b.heldPolls - (a.eventStreams + a.heldPolls));
    return { ...totals, apps: byApp, limits: { ...this.limits } };
  }

  /** Counts one connection for each owner, or refuses it, counting nothing, when any owner is at its cap. */
  acquire(owners: StreamOwners, held: HeldConnection = 'event streams'): () => void {
    const counted: Array<[string, keyof StreamOwners]> = [];
    for (const scope of Object.keys(SCOPE_NAMES) as Array<keyof StreamOwners>) {
      const owner = owners[scope];
      if (owner === undefined) continue;
      const id = scope === 'clientIp' ? rateLimitSubject(owner, this.config.RATE_LIMIT_IPV6_PREFIX) : owner;
      counted.push([`${held}:${scope}:${id}`, scope]);
    }
    const full = counted.find(([key, scope]) => (this.open.get(key) ?? 0) >= this.limits[scope]);
    if (full) throw new TooManyStreamsError(SCOPE_NAMES[full[1]], RETRY_AFTER_SECONDS, held);
    for (const [key] of counted) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of counted) {
        const left = (this.open.get(key) ?? 1) - 1;
        if (left > 0) this.open.set(key, left);
        else this.open.delete(key);
      }
    };
  }
}
