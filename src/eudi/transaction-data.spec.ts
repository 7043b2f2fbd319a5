import { createHash } from 'node:crypto';
import { PresentationRefusedError } from './errors/presentation-refused.error';
import {
  CONFIRMATION_TYPE,
  PAYMENT_TYPE,
  QES_AUTHORIZATION_TYPE,
  authorizedDocumentSha256,
  encodeTransactionData,
  transactionDataHash,
  transactionDataObject,
} from './transaction-data';
import { checkTransactionDataHashes } from './transaction-data-hashes';

const CONTEXT = { flowId: 'req_1', createdAt: Date.UTC(2026, 0, 2, 3, 4, 5), appName: 'Acme', text: 'Confirm it' };

describe('transaction data (OpenID4VP 1.0 5.1, B.3.3)', () => {
  it('writes a payment as TS12 urn:eudi:sca:payment:1, named by the flow', () => {
    const payment = { payee: { name: 'Acme Shop', id: 'DE89370400440532013000' }, amount: 12.5, currency: 'EUR' };
    expect(transactionDataObject({ type: PAYMENT_TYPE, payment }, CONTEXT, ['pid'])).toEqual({
      type: 'urn:eudi:sca:payment:1',
      credential_ids: ['pid'],
      transaction_data_hashes_alg: ['sha-256'],
      payload: {
        transaction_id: 'req_1',
        date_time: '2026-01-02T03:04:05.000Z',
        payee: { name: 'Acme Shop', id: 'DE89370400440532013000' },
        currency: 'EUR',
        amount: 12.5,
      },
    });
  });

  it("writes a confirmation as TS12's login and risk-based type, the text as its action", () => {
    expect(transactionDataObject({ type: CONFIRMATION_TYPE }, CONTEXT, ['pid'])).toMatchObject({
      type: 'urn:eudi:sca:login_risk_transaction:1',
      payload: { transaction_id: 'req_1', service: 'Acme', action: 'Confirm it' },
    });
  });

  it("writes a signature authorization as the CSC data model's qes_authorization over the documents' digests", () => {
    const sha256 = createHash('sha256').update('%PDF-1.7').digest();
    const documents = [{ label: 'Contract', sha256 }];
    const object = transactionDataObject(
      { type: QES_AUTHORIZATION_TYPE, documents, signatureQualifier: 'eu_eidas_aes' },
      CONTEXT,
      ['pid'],
    );
    expect(object).toEqual({
      type: 'qes_authorization',
      credential_ids: ['pid'],
      transaction_data_hashes_alg: ['sha-256'],
      signatureQualifier: 'eu_eidas_aes',
      processID: 'req_1',
      documentDigests: [
        { label: 'Contract', hash: sha256.toString('base64'), hashAlgorithmOID: '2.16.840.1.101.3.4.2.1' },
      ],
    });
  });

  it('reads the one document a qes_authorization names, and nothing from any other transaction', () => {
    const sha256 = createHash('sha256').update('the PDF').digest();
    const encode = (documents: Array<{ label: string; sha256: Buffer }>) =>
      encodeTransactionData(
        transactionDataObject(
          { type: QES_AUTHORIZATION_TYPE, signatureQualifier: 'eu_eidas_aes', documents },
          CONTEXT,
          ['pid'],
        ),
      );
    expect(authorizedDocumentSha256([encode([{ label: 'Lease', sha256 }])])).toBe(sha256.toString('hex'));
    const two = [
      { label: 'Lease', sha256 },
      { label: 'Annex', sha256 },
    ];
    expect(authorizedDocumentSha256([encode(two)])).toBeUndefined();
    const confirmation = encodeTransactionData(transactionDataObject({ type: CONFIRMATION_TYPE }, CONTEXT, ['pid']));
    expect(authorizedDocumentSha256([confirmation])).toBeUndefined();
  });

  it('hashes the base64url string as the request carries it, and checks a key binding JWT binds each entry', () => {
    const encoded = encodeTransactionData({ type: CONFIRMATION_TYPE, credential_ids: ['pid'] });
    const hash = createHash('sha256').update(encoded).digest('base64url');
    expect(transactionDataHash(encoded)).toBe(hash);
    expect(() => checkTransactionDataHashes([encoded], { transaction_data_hashes: [hash] })).not.toThrow();
    const refusal = (binding: Record<string, unknown>) => {
      try {
        checkTransactionDataHashes([encoded], binding);
      } catch (error) {
        return error instanceof PresentationRefusedError ? error.message : 'not a refusal';
      }
      return 'accepted';
    };
    expect(refusal({})).toMatch(/has no transaction_data_hashes/);
    expect(refusal({ transaction_data_hashes: [hash], transaction_data_hashes_alg: 'sha-512' })).toMatch(/sha-256/);
    expect(refusal({ transaction_data_hashes: hash })).toMatch(/an array of strings/);
    expect(refusal({ transaction_data_hashes: [hash.replace(/^./, '_')] })).toMatch(/1 of 1 not bound, 1 unknown/);
    expect(refusal({ transaction_data_hashes: [hash, hash.replace(/^./, '_')] })).toMatch(
      /0 of 1 not bound, 1 unknown/,
    );
  });
});
