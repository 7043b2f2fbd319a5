import { Controller, Get } from '@nestjs/common';
import type { AuthOptions } from '../../src/auth/auth-options';
import { Auth } from '../../src/access/auth.decorator';
import { CurrentPrincipal } from '../../src/auth/current-principal.decorator';
import type { Principal } from '../../src/auth/principal';
import { ROUTE_CREDENTIALS } from '../../src/auth/route-credentials';
import type { ApiVersion } from '../../src/common/envelope/envelope';
import type { Scope } from '../../src/tenants/scopes';

/** One probe route: a name from the credential table, where it is mounted, and the `@Auth` options it carries. */
export interface CredentialProbe {
  /** Dotted path into ROUTE_CREDENTIALS (`flow.v2.sse`), or `scoped.<scope>` for the scope probes. */
  name: string;
  path: string;
  version: ApiVersion;
  options: AuthOptions;
}

const PROBE_BASE = 'probe';

const kebab = (segment: string) => segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function isRule(value: unknown): value is AuthOptions {
  return typeof value === 'object' && value !== null && Array.isArray((value as AuthOptions).credentials);
}

function mountPath(segments: string[]): { path: string; version: ApiVersion } {
  const version = segments.find((segment): segment is ApiVersion => segment === 'v1' || segment === 'v2');
  const rest = segments.filter((segment) => segment !== version).map(kebab);
  // Unversioned categories (system, account) are mounted unversioned, and echo v2 like the real unversioned routes.
  const prefix = version ? `api/${version}` : 'api';
  return { path: `/${prefix}/${PROBE_BASE}/${rest.join('/')}`, version: version ?? 'v2' };
}

/** Every entry of ROUTE_CREDENTIALS, found by walking the table, so a new entry is probed without editing this file. */
function tableProbes(node: unknown = ROUTE_CREDENTIALS, segments: string[] = []): CredentialProbe[] {
  if (isRule(node)) return [{ name: segments.join('.'), ...mountPath(segments), options: node }];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) =>
    tableProbes(child, [...segments, key]),
  );
}

function scopedProbe(scope: Scope): CredentialProbe {
  return {
    name: `scoped.${scope}`,
    path: `/api/v2/${PROBE_BASE}/scoped/${scope.replace(':', '-')}`,
    version: 'v2',
    options: { ...ROUTE_CREDENTIALS.identification.v2.differentDevice, scope },
  };
}

/** A scope that new apps lack (it needs approval) and one they have. */
export const SCOPED_PROBES = {
  notGranted: scopedProbe('identification:another'),
  granted: scopedProbe('identification:same'),
} as const;

/** One probe per entry of ROUTE_CREDENTIALS. */
export const TABLE_PROBES: readonly CredentialProbe[] = tableProbes();

export const CREDENTIAL_PROBES: readonly CredentialProbe[] = [...TABLE_PROBES, ...Object.values(SCOPED_PROBES)];

/**
 * Test-only routes, one per credential rule, each answering `{ app, consumer }` of the caller. The handlers are
 * attached to the class from CREDENTIAL_PROBES with the same decorators a real route would use.
 */
@Controller()
export class CredentialProbeController {}

function answer(principal: Principal): { app: string; consumer: string } {
  return { app: principal.app.id, consumer: principal.consumer.id };
}

CREDENTIAL_PROBES.forEach((probe, index) => {
  const prototype = CredentialProbeController.prototype as unknown as Record<string, unknown>;
  const method = `probe${index}`;
  // A function of its own per route: Nest keeps route metadata on the handler function.
  const handler = (principal: Principal) => answer(principal);
  Object.defineProperty(prototype, method, { value: handler, writable: true, configurable: true });
  const descriptor = Object.getOwnPropertyDescriptor(prototype, method) as PropertyDescriptor;
  CurrentPrincipal()(prototype, method, 0);
  Auth(probe.options)(prototype, method, descriptor);
  Get(probe.path)(prototype, method, descriptor);
});
