import type { ValidationIssue } from '../common/errors/validation-issue';
import { registeredUrlProblem } from './redirect-uris';

/**
 * Whether an app may log people in by CIBA (a login it starts for a NIN, pushed to the person's app) and how it hears
 * the outcome: `poll` at the token endpoint, or `ping`, a notice to its notification endpoint, then one token request.
 */
export const CIBA_DELIVERY_MODES = ['off', 'poll', 'ping'] as const;
export type CibaDeliveryMode = (typeof CIBA_DELIVERY_MODES)[number];

export const DEFAULT_CIBA_DELIVERY_MODE: CibaDeliveryMode = 'off';

interface CibaSettings {
  publicClient: boolean;
  cibaDeliveryMode: CibaDeliveryMode;
  cibaNotificationEndpoint: string | null;
}

/** What is wrong with an app's CIBA settings as they would stand; empty when all is well. */
export function cibaDeliveryIssues({
  publicClient,
  cibaDeliveryMode: mode,
  cibaNotificationEndpoint: notificationEndpoint,
}: CibaSettings): ValidationIssue[] {
  // CIBA Core 1.0 section 7.1: the backchannel request is authenticated, which a public client cannot do.
  if (publicClient && mode !== 'off') {
    return [{ code: 'custom', path: ['cibaDeliveryMode'], message: 'A public client cannot use CIBA' }];
  }
  if (notificationEndpoint !== null) {
    // CIBA Core 1.0 section 4: https, since the endpoint receives a bearer token.
    const problem = registeredUrlProblem(notificationEndpoint);
    if (problem) {
      return [
        { code: 'invalid_string', path: ['cibaNotificationEndpoint'], message: `${notificationEndpoint} ${problem}` },
      ];
    }
  }
  if (mode === 'ping' && notificationEndpoint === null) {
    return [
      {
        code: 'custom',
        path: ['cibaNotificationEndpoint'],
        message: 'cibaDeliveryMode ping needs a cibaNotificationEndpoint',
      },
    ];
  }
  return [];
}
