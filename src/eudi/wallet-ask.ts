import type { CredentialQueryId } from './pid-claims';

/** One entry of a request object's `verifier_info` (OpenID4VP 1.0 5.1): an attestation about the verifier. */
export interface VerifierAttestation {
  format: string;
  data: string | Record<string, unknown>;
}

/** What a wallet request asks beside its claims: the purpose shown, the credentials offered, the verifier's papers. */
export interface WalletAsk {
  /** The app's registered intended use the request is made under; none for a sandbox app that registered none. */
  intendedUse?: string;
  purpose?: string;
  queries: readonly CredentialQueryId[];
  verifierInfo?: VerifierAttestation[];
}
