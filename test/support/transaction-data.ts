import { createHash } from 'node:crypto';

/** What a wallet puts in `transaction_data_hashes` for one entry (OpenID4VP 1.0 B.3.3). */
export const transactionDataHash = (encoded: string) => createHash('sha256').update(encoded).digest('base64url');

/** A `transaction_data` entry as the wallet reads it: base64url JSON. */
export const decodedTransactionData = (encoded: string) =>
  JSON.parse(Buffer.from(encoded, 'base64url').toString()) as Record<string, unknown>;
