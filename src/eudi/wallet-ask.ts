import type { CredentialQueryId } from './pid-claims';
import type { WalletTransaction } from './transaction-data';

/** One entry of a request object's `verifier_info` (OpenID4VP 1.0 5.1): an attestation about the verifier. */
export interface VerifierAttestation {
  format: string;
  data: string | Record<string, unknown>;
}

/**
 * What a wallet request asks beside its claims: the purpose shown, the credentials offered, the verifier's papers, and
 * the transaction the person approves, if any, bound into the presentation as transaction data.
 */
export interface WalletAsk {
  /** The app's registered intended use the request is made under; none for a sandbox app that registered none. */
  intendedUse?: string;
  purpose?: string;
  queries: readonly CredentialQueryId[];
  verifierInfo?: VerifierAttestation[];
  transaction?: WalletTransaction;
}
