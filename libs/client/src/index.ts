export { IdflowClient } from './idflow-client';
export { IdflowError } from './idflow-error';
export type { ValidationIssue } from './idflow-error';
export type { AccessGrant, ApiVersion, CallOptions, ClientOptions, RetryOptions } from './transport';
export { isTerminal } from './flow-view';
export type { DocumentId, FlowHint, FlowRequest, FlowStatus, FlowView, RequestId } from './flow-view';
export type { FlowState, StateOf } from './flow-state';
export type {
  IdentificationInput,
  IdentificationPushed,
  SameDeviceCreated,
  VerificationMode,
  WildcardCreated,
  WalletCreated,
} from './identification.namespace';
export type { PaymentInput, SigningInput, SigningPushed, SigningWebhookInput } from './signing.namespace';
export type { FlowEventsOptions } from './flow-events';
export type { WaitForOptions } from './flows.namespace';
export type {
  DocumentAuditEvent,
  DocumentFileInput,
  DocumentReminders,
  DocumentReviewCreated,
  DocumentReviewInput,
  DocumentSignature,
  DocumentSignatureKind,
  DocumentSignee,
  DocumentSigningCreated,
  DocumentSigningInput,
  DocumentWalletInput,
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
export { verifySignature } from './verify-signature';
export type { VerifiedSignature } from './verify-signature';
export { verifyWebhook } from './verify-webhook';
export type { WebhookEvent } from './verify-webhook';
export { qrFrame } from './qr-frame';
export type { QrStart } from './qr-frame';
export { SseParser } from './sse-parser';
export type { ServerSentEvent } from './sse-parser';
