import type { Environment } from '../tenants/environment';
import type { SigneeType } from '../documents/signee-status';
import type { PadesDetails } from '../seal/pades-report';
import type { SealCheck } from '../seal/seal-check';

/** `record`: the digest recorded when the copy was stamped. `seal`: the file's own PAdES signature. */
export type VerificationBasis = 'record' | 'seal';

/** `verified`: byte for byte a file we issued. `altered`: it names one of our documents but is not our copy of it. */
export type VerificationOutcome = 'verified' | 'altered' | 'unknown';

/** A signer as the signature page prints them, plus their type; never a NIN, which the page does not show. */
export interface VerifiedSigner {
  name: string;
  representing: string;
  title?: string;
  type: SigneeType;
  /** Unix seconds. */
  signedAt: number;
  /** The same instant as printed on the signature page (UTC, whole seconds). */
  signedAtIso: string;
  identification: string;
  /** The first 16 hex characters of the SHA-256 of the signer's receipt, as printed. */
  signatureFingerprint: string;
}

export interface VerifiedDocument {
  id: string;
  title: string;
  /** Pages of the stamped file, signature pages included. */
  pages: number;
  /** Pages of the original the signers signed. */
  originalPages: number;
  /** When the last signer signed, in Unix seconds: the moment the stamped copy was made. */
  completedAt: number;
  completedAtIso: string;
  /** `sandbox` documents were signed by test persons through the simulator and prove nobody's consent. */
  environment: Environment;
  signers: VerifiedSigner[];
}

/** The answer of `POST /verify` (`data`). */
export interface Verification {
  result: VerificationOutcome;
  verified: boolean;
  /** Why, in a sentence a person can read. */
  summary: string;
  /** The whole record when verified; only the id the file claims when altered. */
  document?: VerifiedDocument | { id: string };
  /** SHA-256 (hex) of the file as received. */
  sha256: string;
  /** The file's own PAdES signature, checked as a PDF validator would. */
  seal: SealCheck;
  /** Every signature and timestamp in the file, the PAdES level it reaches and the validation time relied on. */
  pades: PadesDetails;
  /** Which checks vouched for a verified answer: the digest recorded at stamping, the seal, or both; empty otherwise. */
  reliedOn: VerificationBasis[];
}
