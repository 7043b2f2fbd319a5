import type { Scope } from '../tenants/scopes';
import type { Credential } from './credential';

/** Who may call a route: its credentials and scope, read by the credential guards and the OpenAPI document. */
export interface AuthOptions {
  /** Required credentials; `key` is always among them. */
  credentials: readonly Credential[];
  /** Credentials that are checked when present and ignored when absent. */
  optional?: readonly Credential[];
  scope?: Scope;
}

export const AUTH_OPTIONS = 'idflow:auth-options';
