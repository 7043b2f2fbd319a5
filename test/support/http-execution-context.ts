import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Principal } from '../../src/auth/principal';

export interface RouteDecorators {
  /** Applied to the route's handler, as `@Decorator()` above a controller method. */
  handler?: MethodDecorator[];
  /** Applied to the route's controller class. */
  controller?: ClassDecorator[];
}

/** A request as a guard sees it: headers in Node's lower-case form, and the principal once the API-key guard ran. */
export function fakeRequest(headers: Record<string, string | string[]> = {}, principal?: Principal): Request {
  return { headers, principal } as unknown as Request;
}

/**
 * A hand-built HTTP ExecutionContext for guard unit tests. The handler and controller are a fresh class per call,
 * decorated with the real decorators, so guards read metadata exactly as they do in the app.
 */
export function httpContext(
  request: Request,
  decorators: RouteDecorators = {},
  response: object = {},
): ExecutionContext {
  class ProbeController {
    route(this: void): void {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(ProbeController.prototype, 'route') as PropertyDescriptor;
  for (const decorate of decorators.handler ?? []) decorate(ProbeController.prototype, 'route', descriptor);
  for (const decorate of decorators.controller ?? []) decorate(ProbeController);
  const http = { getRequest: () => request, getResponse: () => response, getNext: () => () => undefined };
  return {
    getType: () => 'http',
    getHandler: () => ProbeController.prototype.route,
    getClass: () => ProbeController,
    switchToHttp: () => http,
    getArgs: () => [request, response, () => undefined],
    getArgByIndex: (index: number) => [request, response, () => undefined][index],
    switchToRpc: () => {
      throw new Error('not an RPC context');
    },
    switchToWs: () => {
      throw new Error('not a WebSocket context');
    },
  } as unknown as ExecutionContext;
}

/** A key holder of a sandbox app with the given scopes. */
export function fakePrincipal(overrides: { appId?: string; scopes?: string[]; secretDigest?: string } = {}): Principal {
  return {
    key: { id: 'key_test', appId: overrides.appId ?? 'app_test', environment: 'sandbox', revokedAt: null },
    app: {
      id: overrides.appId ?? 'app_test',
      consumerId: 'bcn_test',
      environment: 'sandbox',
      scopes: overrides.scopes ?? [],
      secretDigest: overrides.secretDigest ?? '00',
    },
    consumer: { id: 'bcn_test', name: 'Test consumer', billed: true },
  } as unknown as Principal;
}
