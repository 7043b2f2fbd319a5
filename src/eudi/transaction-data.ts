import { createHash } from 'node:crypto';

/** The hash a wallet binds each transaction data object by, the only one idflow asks for (OpenID4VP 1.0 B.3.3). */
export const TRANSACTION_DATA_HASH_ALGORITHM = 'sha-256';

/** The EC's TS12 payment confirmation type (`urn:eudi:sca:payment:1`, section 4.3.1). */
export const PAYMENT_TYPE = 'urn:eudi:sca:payment:1';
/** TS12's login and risk-based authentication type (section 4.3.2): a confirmation of the action its text names. */
export const CONFIRMATION_TYPE = 'urn:eudi:sca:login_risk_transaction:1';
/** The CSC data model's authorization of a signature over documents' digests (ETSI TS 119 432 bindings). */
export const QES_AUTHORIZATION_TYPE = 'qes_authorization';
/** SHA-256 by its OID, as the CSC data model names a document digest's algorithm. */
const SHA256_OID = '2.16.840.1.101.3.4.2.1';

/** A payment as TS12 describes it to the person: who is paid, and how much of which currency. */
export interface Payment {
  payee: { name: string; id: string };
  /** In major units with the currency's minor digits as a fraction (ISO 4217), as TS12's `amount` number. */
  amount: number;
  /** ISO 4217 alpha-3. */
  currency: string;
}

/** A document whose signature the person authorizes: its title and the SHA-256 of its bytes. */
export interface DocumentDigest {
  label: string;
  sha256: Buffer;
}

/** What a wallet request asks the person to approve, beside presenting their PID. */
export type WalletTransaction =
  | { type: typeof PAYMENT_TYPE; payment: Payment }
  | { type: typeof CONFIRMATION_TYPE }
  | { type: typeof QES_AUTHORIZATION_TYPE; documents: DocumentDigest[]; signatureQualifier: string };

/** The flow a transaction is asked within: its id names the transaction, its text is what the person confirms. */
export interface TransactionContext {
  flowId: string;
  createdAt: number;
  appName: string;
  text: string;
}

/**
 * The transaction data object (OpenID4VP 1.0 5.1) of a transaction, for the credential queries that may answer it,
 * in the form its type's specification gives: TS12's `payload` for payments and confirmations, the CSC data model's
 * top-level `documentDigests` for a signature authorization.
 */
export function transactionDataObject(
  transaction: WalletTransaction,
  context: TransactionContext,
  credentialIds: readonly string[],
): Record<string, unknown> {
  const common = {
    type: transaction.type,
    credential_ids: [...credentialIds],
    transaction_data_hashes_alg: [TRANSACTION_DATA_HASH_ALGORITHM],
  };
  const reference = { transaction_id: context.flowId, date_time: new Date(context.createdAt).toISOString() };
  switch (transaction.type) {
    case PAYMENT_TYPE: {
      const { payee, amount, currency } = transaction.payment;
      return { ...common, payload: { ...reference, payee: { name: payee.name, id: payee.id }, currency, amount } };
    }
    case CONFIRMATION_TYPE:
      return { ...common, payload: { ...reference, service: context.appName, action: context.text } };
    case QES_AUTHORIZATION_TYPE:
      return {
        ...common,
        signatureQualifier: transaction.signatureQualifier,
        processID: context.flowId,
        documentDigests: transaction.documents.map((document) => ({
          label: document.label,
          hash: document.sha256.toString('base64'),
          hashAlgorithmOID: SHA256_OID,
        })),
      };
  }
}

/** A transaction data object as the request carries it: its JSON, base64url-encoded. */
export function encodeTransactionData(object: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(object)).toString('base64url');
}

/** What a wallet puts in `transaction_data_hashes` for one entry: the hash of the encoded string as received. */
export function transactionDataHash(encoded: string): string {
  return createHash('sha256').update(encoded, 'ascii').digest('base64url');
}

/**
 * The SHA-256 (hex) of the one document whose signature these transaction data objects authorize, when they are a
 * `qes_authorization` of exactly one: what the person approved, as a device's approval of a document covers it.
 */
export function authorizedDocumentSha256(transactionData: readonly string[]): string | undefined {
  if (transactionData.length !== 1) return undefined;
  const object = JSON.parse(Buffer.from(transactionData[0], 'base64url').toString('utf8')) as {
    type?: string;
    documentDigests?: Array<{ hash: string }>;
  };
  if (object.type !== QES_AUTHORIZATION_TYPE || object.documentDigests?.length !== 1) return undefined;
  return Buffer.from(object.documentDigests[0].hash, 'base64').toString('hex');
}
