/**
 * What idflow tells a signing service provider when it asks for a credential's authorization (CSC API v2
 * `credentials/authorize`, in `authData` under this id): a JWT by idflow's service key (`/.well-known/jwks.json`,
 * issuer BASE_URL) saying that the person it identified approved the document and that these hashes, and only these,
 * are to be signed for them. docs/documents.md says what a provider checks.
 */
export const SIGNATURE_AUTHORIZATION_DATA_ID = 'idflow_signature_authorization';
export const SIGNATURE_AUTHORIZATION_TYPE = 'signature-authorization+jwt';
/** Long enough for one authorize call, short enough that a copy is useless soon after. */
export const SIGNATURE_AUTHORIZATION_SECONDS = 120;

export interface SignatureAuthorizationClaims {
  /** The signer's NIN: the user the credential belongs to. */
  sub: string;
  credentialID: string;
  /** Base64 of each hash to be signed, exactly the authorization's `hashes`. */
  hashes: string[];
  numSignatures: number;
  /** The document the person approved: its flow id and the SHA-256 (hex) of the original they were shown. */
  document: { id: string; sha256: string };
  /** The person's approval: idflow's signature receipt, which binds their device's signature over that SHA-256. */
  approval: string;
}
