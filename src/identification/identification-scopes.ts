import type { StartMode } from '../flows/flow-kind';
import type { Scope } from '../tenants/scopes';

/** The scope an app needs for an identification of each start mode, whoever starts it: a REST create or an OIDC login. */
export const IDENTIFICATION_SCOPES: Record<StartMode, Scope> = {
  'same-device': 'identification:same',
  'different-device': 'identification:another',
  wildcard: 'identification:wildcard',
  // The person starts it on the integrator's page, as in same-device; their EU wallet answers instead of our app.
  wallet: 'identification:same',
};
