import { ForbiddenError } from '../common/errors/forbidden.error';
import type { ConsumerApp } from './consumer-app.entity';
import type { Scope } from './scopes';

/** Why an app may not do what a scope covers; undefined when it is provisioned for it (spec 4.2 rule 3). */
export function unprovisionedScopeReason(app: Pick<ConsumerApp, 'scopes'>, scope: Scope): string | undefined {
  if (app.scopes.includes(scope)) return undefined;
  return `This app is not provisioned for the ${scope} scope; contact support to enable it`;
}

/** Refuses, with a 403, what a scope covers for an app that is not provisioned for it. */
export function requireProvisionedScope(app: Pick<ConsumerApp, 'scopes'>, scope: Scope): void {
  const reason = unprovisionedScopeReason(app, scope);
  if (reason) throw new ForbiddenError(reason);
}
