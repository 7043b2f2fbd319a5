import type { BillingCategory } from '../billing/billing-category';
import type { Scope } from '../tenants/scopes';
import type { Credential } from './credential';

/** Everything a route declares about who may call it; read by the guards, the OpenAPI document and billing. */
export interface AuthOptions {
  /** Required credentials; `key` is always among them. */
  credentials: readonly Credential[];
  /** Credentials that are checked when present and ignored when absent. */
  optional?: readonly Credential[];
  scope?: Scope;
  billing?: BillingCategory;
}

export const AUTH_OPTIONS = 'idflow:auth-options';
