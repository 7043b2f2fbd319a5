import { digestsEqual, sha256Hex } from '../crypto/digest';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * An operator's fixed bearer token (ADMIN_TOKEN, METRICS_TOKEN). Only its SHA-256 digest is kept, and a presented
 * token is compared digest to digest in constant time, so neither its content nor its length leaks through timing.
 */
export class BearerToken {
  private readonly digest: string;

  constructor(token: string) {
    this.digest = sha256Hex(token);
  }

  /** The token of an `Authorization: Bearer <token>` header, or undefined for any other header or none. */
  static presentedIn(authorization: string | undefined): string | undefined {
    return BEARER.exec(authorization ?? '')?.[1];
  }

  matches(presented: string): boolean {
    return digestsEqual(sha256Hex(presented), this.digest);
  }
}
