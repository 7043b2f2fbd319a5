import type { Environment } from '../tenants/environment';

/** What the console page needs to sign an operator in, before it holds any session. */
export interface ConsoleSettings {
  /** The OpenID client the console logs in as: a public client, code and PKCE. */
  clientId: string;
  /** Where the provider sends the browser back: the console's own address. */
  redirectUri: string;
  /** idflow's own OpenID provider, `{BASE_URL}/oidc`. */
  issuer: string;
  /**
   * The client's environment, which says who approves its logins: `production`, a person in their digital-ID app;
   * `sandbox`, a synthetic test person in the simulator.
   */
  environment: Environment;
}
