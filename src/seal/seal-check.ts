/** What `/verify` found of a PDF's own PAdES signature (the last one in the file). */
export interface SealCheck {
  /** Whether the file carries a signature at all. */
  present: boolean;
  /** The byte ranges cover the whole file but the signature, the digest matches them and the signature is sound. */
  valid: boolean;
  /** Valid, and its certificate chains up to this service's seal CA (or the operator's seal root). */
  trusted: boolean;
  /**
   * `B-T` when a timestamp token over the signature value countersigns it, `B-B` otherwise; `B-LT` when, besides,
   * a later incremental update adds the validation data (/DSS) and nothing else.
   */
  level?: 'B-B' | 'B-T' | 'B-LT';
  coversWholeFile?: boolean;
  digestMatches?: boolean;
  signatureValid?: boolean;
  /** The common name of the sealing certificate. */
  signer?: string;
  /** The claimed signing time, from the signature dictionary's /M (UTC, whole seconds). */
  signedAtIso?: string;
  /** The time the timestamp authority vouches for, when there is a timestamp. */
  timestampedAtIso?: string;
  /** Why the seal is not valid or not trusted, in a sentence. */
  problem?: string;
}
