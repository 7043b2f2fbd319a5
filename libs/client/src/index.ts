export { IdflowClient } from './idflow-client';
export { IdflowError } from './idflow-error';
export type { ClientOptions } from './transport';
