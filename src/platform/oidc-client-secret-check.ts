import type Provider from 'oidc-provider';

/** Whether the secret a client presented matches the one its record holds (for idflow, the secret's digest). */
export type ClientSecretCheck = (stored: string, presented: string) => boolean;

/**
 * Replaces how oidc-provider compares a client's secret. Its configuration has no hook for secrets stored hashed; the
 * author's answer for them is to override `compareClientSecret` of the provider's Client model, a method its client
 * authentication calls and no documentation names. An upgrade that stops calling it fails every client-authenticated
 * case of the OIDC suites (the clear secret never equals its digest).
 */
export function checkClientSecretsWith(provider: Provider, check: ClientSecretCheck): void {
  provider.Client.prototype.compareClientSecret = function (this: { clientSecret: string }, presented: string) {
    return Promise.resolve(check(this.clientSecret, presented));
  };
}
