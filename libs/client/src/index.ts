export { IdflowClient } from './idflow-client';
export { IdflowError } from './idflow-error';
export { decryptClaims } from './decrypt-claims';
export type { DecryptedClaims, EncryptedClaims } from './decrypt-claims';
export type { ClientOptions } from './transport';
