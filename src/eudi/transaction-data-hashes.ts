import { PresentationRefusedError } from './errors/presentation-refused.error';
import { TRANSACTION_DATA_HASH_ALGORITHM, transactionDataHash } from './transaction-data';

/**
 * Checks that a key binding JWT binds every transaction data object of the request (OpenID4VP 1.0 B.3.3): its
 * `transaction_data_hashes` holds the SHA-256 of each encoded entry and nothing else, under `sha-256`, the one
 * algorithm the request allowed. A wallet that left them out, or hashed another text, did not have the person approve
 * this transaction.
 */
export function checkTransactionDataHashes(transactionData: readonly string[], keyBinding: Record<string, unknown>) {
  const hashes = keyBinding.transaction_data_hashes;
  if (hashes === undefined) {
    throw new PresentationRefusedError(
      'The key binding JWT has no transaction_data_hashes: the request carries transaction data the person must approve',
    );
  }
  const algorithm = keyBinding.transaction_data_hashes_alg ?? TRANSACTION_DATA_HASH_ALGORITHM;
  if (algorithm !== TRANSACTION_DATA_HASH_ALGORITHM) {
    throw new PresentationRefusedError(
      `The key binding JWT's transaction_data_hashes_alg must be ${TRANSACTION_DATA_HASH_ALGORITHM}, as the request allows`,
    );
  }
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string')) {
    throw new PresentationRefusedError("The key binding JWT's transaction_data_hashes must be an array of strings");
  }
  const expected = transactionData.map(transactionDataHash);
  const missing = expected.filter((hash) => !hashes.includes(hash)).length;
  const unknown = hashes.filter((hash) => !expected.includes(hash)).length;
  if (missing > 0 || unknown > 0) {
    throw new PresentationRefusedError(
      `The key binding JWT's transaction_data_hashes do not match this request's transaction data ` +
        `(${missing} of ${expected.length} not bound, ${unknown} unknown): the person approved something else`,
    );
  }
}
