import { Injectable } from '@nestjs/common';
import type { X509Certificate } from '@peculiar/x509';
import { OutboundClient } from '../common/outbound/outbound-client';
import { DomainError } from '../common/errors/domain-error';
import { AppConfig } from '../config/app-config';
import { EudiCredentialsService } from './eudi-credentials.service';
import { PresentationRefusedError } from './errors/presentation-refused.error';
import { OPENID4VP_PATHS } from './openid4vp-paths';
import {
  type SandboxPidStatus,
  SANDBOX_PID_STATUSES,
  type StatusListEntry,
  sandboxStatusListToken,
} from './sandbox-status-list';
import { verifyStatusListToken } from './status-list-token';

interface CachedToken {
  token: string;
  reusableUntil: number;
}

/** A status list token is small: a million 1-bit entries compress to well under this. */
const MAX_STATUS_LIST_BYTES = 1_000_000;
const FETCH_TIMEOUT_MS = 5_000;
/** Distinct lists kept; an issuer has few, so this bounds only what a stream of made-up URIs could fill. */
const MAX_CACHED_LISTS = 1_000;

/**
 * The Token Status Lists that credentials name, fetched through the outbound guard and kept as long as their `ttl`
 * (and `exp`) allow, so that a busy issuer's list is fetched once per `ttl` rather than once per presentation. A token
 * is kept only once it verified, and checked again at each use against the flow's own trust list.
 */
@Injectable()
export class StatusListsService {
  private readonly cache = new Map<string, CachedToken>();

  /** Where the sandbox PID issuer's status list is served, and what its PIDs name. */
  readonly sandboxListUri: string;

  constructor(
    private readonly outbound: OutboundClient,
    private readonly credentials: EudiCredentialsService,
    config: AppConfig,
  ) {
    this.sandboxListUri = `${config.BASE_URL}/${OPENID4VP_PATHS.sandboxStatusList}`;
  }

  /** The sandbox PID issuer's status list token, made now. */
  async sandboxListToken(): Promise<string> {
    return sandboxStatusListToken(await this.credentials.sandboxPidIssuer(), this.sandboxListUri);
  }

  /** The status list entry a sandbox PID of this status names. */
  sandboxEntry(status: SandboxPidStatus): StatusListEntry {
    return { uri: this.sandboxListUri, idx: SANDBOX_PID_STATUSES.indexOf(status) };
  }

  /** The status list token at `uri`, verified against these trust anchors; a refusal says why there is none. */
  async verifiedToken(uri: string, anchors: readonly X509Certificate[], now = new Date()): Promise<string> {
    const cached = this.cache.get(uri);
    if (cached && cached.reusableUntil > now.getTime() / 1000) {
      await verifyStatusListToken(cached.token, uri, anchors, now);
      return cached.token;
    }
    const token = await this.fetch(uri);
    this.keep(uri, { token, reusableUntil: await verifyStatusListToken(token, uri, anchors, now) });
    return token;
  }

  private async fetch(uri: string): Promise<string> {
    // The service's own list is read where it is made: fetched over HTTP it would be a round trip to itself, which the
    // outbound guard refuses anyway at a loopback or plain-http BASE_URL (development, tests). It is verified as any.
    if (uri === this.sandboxListUri) return this.sandboxListToken();
    const cannot = (why: string) =>
      new PresentationRefusedError(`The credential's status list ${uri} cannot be fetched: ${why}`);
    let answer: Awaited<ReturnType<OutboundClient['request']>>;
    try {
      answer = await this.outbound.request({
        url: uri,
        headers: { accept: 'application/statuslist+jwt' },
        maxResponseBytes: MAX_STATUS_LIST_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
      });
    } catch (error) {
      throw cannot(error instanceof DomainError ? error.reason : String(error));
    }
    if (answer.status !== 200) throw cannot(`answered ${answer.status}`);
    return answer.body.toString('utf8').trim();
  }

  private keep(uri: string, entry: CachedToken): void {
    this.cache.delete(uri);
    if (this.cache.size >= MAX_CACHED_LISTS) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(uri, entry);
  }
}
