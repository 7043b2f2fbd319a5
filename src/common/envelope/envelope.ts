import type { ValidationIssue } from '../errors/validation-issue';

export type ApiVersion = 'v1' | 'v2';

/** The JSON body of every answer (spec 2.1). */
export interface Envelope<T = unknown> {
  status: 'successful' | 'failed';
  reason: string;
  version: ApiVersion;
  cost?: number;
  data?: T;
  errors?: ValidationIssue[];
}

/** The version a route echoes: v1 routes say v1, everything else (v2 and the unversioned routes) v2. */
export function apiVersionOf(path: string): ApiVersion {
  return /^\/api\/v1(\/|$)/.test(path) ? 'v1' : 'v2';
}

/**
 * The success envelope; the HTTP adapter wraps handler results with it, and event streams wrap each event. `cost` is
 * there on billable calls only.
 */
export function successEnvelope<T>(reason: string, version: ApiVersion, data: T, cost?: number): Envelope<T> {
  return { status: 'successful', reason, ...(cost === undefined ? {} : { cost }), version, data };
}
