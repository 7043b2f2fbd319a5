import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sha256Hex } from '../common/crypto/digest';
import type { SecretSealer } from '../key-encryption/secret-sealer';
import type { OidcRecord } from './oidc-record.entity';
import { type OidcRecordLookup, OidcRecordRepository } from './oidc-record.repository';

/**
 * Models the provider reads past their expiry, to tell a client it came too late: a CIBA request polled after it
 * expired is `expired_token` (CIBA Core 1.0 section 11), not "not found". Kept this many seconds longer.
 */
const READ_AFTER_EXPIRY: Record<string, number> = { BackchannelAuthenticationRequest: 600 };

/**
 * Models whose request parameters are kept sealed: they name the person (`login_hint`, a NIN) and carry the client's
 * `client_notification_token`, a bearer token for its CIBA notification endpoint.
 */
const SEALED_PARAMS = new Set(['Interaction', 'PushedAuthorizationRequest', 'BackchannelAuthenticationRequest']);
/** The fields of those models that hold request parameters: the parameters, and what an interaction prompts for. */
const SEALED_FIELDS = ['params', 'prompt'];

/**
 * The provider's storage for one model (`Session`, `AuthorizationCode`...), on idflow's database rather than in the
 * process, so that an authorization started on one instance finishes on another. An expired record is never found; the
 * retention sweep deletes it later.
 *
 * The provider's id of a token, code or session is the credential itself, so a record is keyed by its digest and its
 * payload keeps no `jti`: a copy of the table opens nothing. Found by id, the payload gets its `jti` back; found by
 * uid, it has none, which the provider only reads (a session, to check the login it is bound to). Given a sealer, the
 * request parameters of the models that keep them are sealed under `KEY_ENCRYPTION_KEY`, bound to their record.
 */
export class OidcRecordAdapter implements Adapter {
  constructor(
    private readonly kind: string,
    private readonly records: OidcRecordRepository,
    private readonly sealer?: SecretSealer,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await this.records.upsert({
      id: this.key(id),
      kind: this.kind,
      payload: this.sealed(this.key(id), stored(payload)),
      expiresAt: expiresIn ? Date.now() + (expiresIn + (READ_AFTER_EXPIRY[this.kind] ?? 0)) * 1000 : null,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findOne({ id: this.key(id) }, { jti: id });
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findOne({ uid });
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findOne({ userCode });
  }

  /**
   * Replaces a record's payload only if it still holds `expected`, a compare-and-set: of callers racing on one record,
   * on any number of instances, exactly one gets true. For idflow's own records, whose payloads are never sealed.
   */
  async replace(id: string, expected: AdapterPayload, next: AdapterPayload): Promise<boolean> {
    return this.records.replacePayload(this.key(id), stored(expected), stored(next));
  }

  async consume(id: string): Promise<void> {
    const record = await this.records.findOfKind(this.key(id), this.kind);
    if (!record) return;
    const consumed = { ...(JSON.parse(record.payload) as AdapterPayload), consumed: Math.floor(Date.now() / 1000) };
    await this.records.setPayload(record.id, JSON.stringify(consumed));
  }

  async destroy(id: string): Promise<void> {
    await this.records.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.records.deleteOfGrant(grantId, this.kind);
  }

  /** Models share ids (an interaction's is its uid, a login page's too), so the kind is part of the key. */
  private key(id: string): string {
    return `${this.kind}:${sha256Hex(id)}`;
  }

  private async findOne(
    lookup: OidcRecordLookup,
    known: Pick<AdapterPayload, 'jti'> = {},
  ): Promise<AdapterPayload | undefined> {
    const record = await this.records.findUnexpired(this.kind, lookup, Date.now());
    return record ? { ...this.opened(record), ...known } : undefined;
  }

  private sealed(key: string, text: string): string {
    if (!this.sealer || !SEALED_PARAMS.has(this.kind)) return text;
    const payload = JSON.parse(text) as Record<string, unknown>;
    for (const field of SEALED_FIELDS) {
      if (payload[field] !== undefined)
        payload[field] = this.sealer.seal(JSON.stringify(payload[field]), sealContext(key));
    }
    return JSON.stringify(payload);
  }

  /** A payload as the provider wrote it; fields an earlier version stored in clear are read as they are. */
  private opened(record: OidcRecord): AdapterPayload {
    const payload = JSON.parse(record.payload) as AdapterPayload;
    for (const field of SEALED_FIELDS) {
      const value = payload[field];
      if (this.sealer && typeof value === 'string') {
        payload[field] = JSON.parse(this.sealer.open(value, sealContext(record.id))) as unknown;
      }
    }
    return payload;
  }
}

/** Sealed parameters open only in the record they were sealed for. */
function sealContext(key: string): string {
  return `oidc_records.payload:${key}`;
}

/**
 * A payload as stored: without its `jti`, which is the record's id, and an interaction without the session cookie the
 * provider copies into it: that cookie opens the person's session, and the provider finds the session by its uid,
 * never reading the copy back.
 */
function stored({ jti, ...payload }: AdapterPayload): string {
  if (!payload.session?.cookie) return JSON.stringify(payload);
  const { cookie, ...session } = payload.session;
  return JSON.stringify({ ...payload, session });
}
