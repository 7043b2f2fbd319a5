import { type JWK, type JWTPayload, importJWK, jwtVerify } from 'jose';
import { QES_AUTHORIZATION_TYPE, transactionDataHash } from '../eudi/transaction-data';
import { CSC_OID } from '../remote-signing/csc-constants';
import { CscRefusal } from './errors/csc-refusal.error';

/** What the signature authorization says was approved: the SHA-256 (hex) of the document the person saw. */
export interface ApprovedDocument {
  sha256: string;
}

const refused = (description: string) => new CscRefusal(400, 'invalid_request', description);

/**
 * Checks an approval given with an EU wallet (docs/documents.md): idflow's receipt, already verified as the
 * credential owner's, carries the wallet's key binding JWT, the holder key it must verify with (`cnf`), and the
 * transaction data it bound. The key binding JWT must bind exactly one CSC `qes_authorization` whose document digests
 * are exactly the document the signature authorization names: a wallet approval of another document, or of anything
 * else, authorizes nothing here.
 */
export async function checkWalletApproval(receipt: JWTPayload, approved: ApprovedDocument): Promise<void> {
  const binding = await verifiedKeyBinding(receipt);
  const hashes = Array.isArray(binding.transaction_data_hashes) ? binding.transaction_data_hashes : [];
  const entries = Array.isArray(receipt.transaction_data) ? receipt.transaction_data : [];
  const authorizations = entries
    .filter((entry): entry is string => typeof entry === 'string' && hashes.includes(transactionDataHash(entry)))
    .map(decoded)
    .filter((entry) => entry.type === QES_AUTHORIZATION_TYPE);
  if (authorizations.length !== 1) {
    throw refused('The wallet approval’s key binding JWT binds no qes_authorization transaction data');
  }
  const [authorization] = authorizations;
  const digests = Array.isArray(authorization.documentDigests) ? (authorization.documentDigests as unknown[]) : [];
  const expected = Buffer.from(approved.sha256, 'hex').toString('base64');
  const exactly =
    digests.length === 1 &&
    (digests[0] as { hash?: unknown }).hash === expected &&
    (digests[0] as { hashAlgorithmOID?: unknown }).hashAlgorithmOID === CSC_OID.sha256;
  if (!exactly || authorization.processID !== receipt.flow) {
    throw refused('The wallet approval authorizes a signature over other documents than this authorization names');
  }
}

/** The key binding JWT's payload, once it verifies with the holder key the PID bound (the receipt's `cnf`). */
async function verifiedKeyBinding(receipt: JWTPayload): Promise<JWTPayload> {
  try {
    const jwk = (receipt.cnf as { jwk: JWK }).jwk;
    const key = await importJWK(jwk, 'ES256');
    return (await jwtVerify(String(receipt.key_binding), key, { typ: 'kb+jwt', algorithms: ['ES256'] })).payload;
  } catch {
    throw refused('The wallet approval’s key binding JWT does not verify with its holder key');
  }
}

function decoded(entry: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(entry, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
