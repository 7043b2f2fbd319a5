import type { SealCheck } from './seal-check';

/** The PAdES baseline level a whole file reaches (ETSI EN 319 142-1), the seal and what was added after it. */
export type PadesLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/**
 * `current-time`: the seal's certificate chain is valid now. `document-timestamp` / `signature-timestamp`: it no longer
 * is (expired), and a valid timestamp proves the seal existed at a time when it was.
 */
export type ValidationTimeBasis = 'current-time' | 'document-timestamp' | 'signature-timestamp';

/** One PDF signature (a CMS signature, not a document timestamp) as checked. */
export interface PdfSignatureReport {
  /** The common name of the signing certificate. */
  signer?: string;
  /** The claimed signing time, from the signature dictionary's /M. */
  signedAtIso?: string;
  /** Byte ranges, digest and signature value all check out. */
  valid: boolean;
  /** Valid, and the certificate chains up to the trust anchors at the validation time. */
  trusted: boolean;
  /** Nothing but validation data and document timestamps was added after it. */
  coversWholeFile: boolean;
  /**
   * The signing certificate's revocation status now, as its CA answers it: `unknown` when idflow cannot ask that CA
   * (an operator's seal PKCS#12, an external signing provider). A revoked certificate's signature stays trusted when a
   * timestamp proves it was made before the revocation.
   */
  certificateStatus: 'good' | 'revoked' | 'unknown';
  /** When the certificate was revoked (UTC, whole seconds), if it was. */
  revokedAtIso?: string;
  /** A signee's signature that is trusted: the time its chain was checked at (UTC, whole seconds). */
  validatedAtIso?: string;
}

/** A timestamp token found in the file: a signature timestamp (B-T) or a document timestamp (B-LTA). */
export interface TimestampReport {
  type: 'signature' | 'document';
  /** The common name of the timestamp authority's certificate. */
  authority?: string;
  /** The time the authority vouches for (UTC, whole seconds). */
  timeIso?: string;
  /** The token is over what it should be (the signature value, or the byte ranges) and its signature verifies. */
  valid: boolean;
  /** Document timestamps: nothing but validation data and later document timestamps was added after it. */
  coversWholeFile?: boolean;
}

/** What a PAdES validator finds beyond the seal: every signature and timestamp, the level, the time relied on. */
export interface PadesDetails {
  signatures: PdfSignatureReport[];
  timestamps: TimestampReport[];
  /** Absent when the seal is not valid. */
  level?: PadesLevel;
  /** The time the seal's certificate chain was checked at (UTC, whole seconds). */
  validatedAtIso: string;
  validationTimeBasis: ValidationTimeBasis;
}

/** The seal (the last signature that is not a document timestamp) and the rest of what a validator finds. */
export interface PadesReport extends PadesDetails {
  seal: SealCheck;
}
