import type { BackchannelAuthenticationRequest, KoaContextWithOIDC } from 'oidc-provider';

/**
 * What the provider asks of idflow for CIBA logins (CibaLoginService answers), registered with OidcProviderService so
 * that the provider, which calls these, and the service, which tells the provider each login's outcome, need not
 * inject each other.
 */
export interface BackchannelLogins {
  /** The account (the app's pseudonym of the person) a `login_hint` names; undefined for a NIN with no digital ID. */
  accountOf(clientId: string, nin: string): Promise<string | undefined>;
  /** Pushes a saved backchannel request to the person's devices, and adds to the answer what the client needs. */
  start(ctx: KoaContextWithOIDC, request: BackchannelAuthenticationRequest): Promise<void>;
  /** A poll of a pending request: true when it came sooner than the interval allows (`slow_down`). */
  pollTooSoon(authReqId: string): Promise<boolean>;
}
