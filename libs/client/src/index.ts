export { IdflowClient } from './idflow-client';
export { IdflowError } from './idflow-error';
export type {
  DocumentAuditEvent,
  DocumentFileInput,
  DocumentReminders,
  DocumentReviewCreated,
  DocumentReviewInput,
  DocumentSignature,
  DocumentSignee,
  DocumentSigningCreated,
  DocumentSigningInput,
  DocumentStatus,
  DocumentStatusLogEntry,
  DocumentWebhookInput,
  IdflowDocument,
  SigneeInput,
  SigneeStatus,
  SigningOrder,
} from './docs.namespace';
export { decryptClaims } from './decrypt-claims';
export type { DecryptedClaims, EncryptedClaims } from './decrypt-claims';
export type { ClientOptions } from './transport';
export { verifySignature } from './verify-signature';
export type { VerifiedSignature } from './verify-signature';
export { verifyWebhook } from './verify-webhook';
export type { WebhookEvent } from './verify-webhook';
export { qrFrame } from './qr-frame';
export type { QrStart } from './qr-frame';
