import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { firstValueFrom, of } from 'rxjs';
import { type RouteDecorators, httpContext } from '../../../test/support/http-execution-context';
import { RawResponse, Reason } from './envelope.decorator';
import { EnvelopeInterceptor } from './envelope.interceptor';

describe('EnvelopeInterceptor: the success envelope', () => {
  const interceptor = new EnvelopeInterceptor(new Reflector());

  /** What a handler of a route so decorated, returning `result` for `request`, answers through the interceptor. */
  function answer(request: Partial<Request>, result: unknown, route: RouteDecorators = {}, type = 'http') {
    const req = { method: 'GET', headers: {}, ...request } as Request;
    const context = { ...httpContext(req, route), getType: () => type } as ExecutionContext;
    return firstValueFrom(interceptor.intercept(context, { handle: () => of(result) }));
  }

  it.each([
    ['/api/v1/flow/ping', 'v1'],
    ['/api/v1', 'v1'],
    ['/api/v2/flow/ping', 'v2'],
    ['/api/v10/flow/ping', 'v2'],
    ['/api/health/ready', 'v2'],
    ['/wallet/v1/inbox', 'v2'],
  ])('wraps the answer of %s as version %s', async (path, version) => {
    await expect(answer({ path }, { request: { id: 'req_1' } }, { handler: [Reason('Flow state')] })).resolves.toEqual({
      status: 'successful',
      reason: 'Flow state',
      version,
      data: { request: { id: 'req_1' } },
    });
  });

  it('adds the cost the billing interceptor left on the request once the handler is done, and only then', async () => {
    const request = { path: '/api/v2/identification/same-device' } as Partial<Request>;
    const context = httpContext(request as Request);
    const billed = interceptor.intercept(context, {
      handle: () => {
        request.billing = { category: 'authentication', cost: 50 };
        return of({ link: 'x' });
      },
    });
    await expect(firstValueFrom(billed)).resolves.toEqual({
      status: 'successful',
      reason: 'OK',
      cost: 50,
      version: 'v2',
      data: { link: 'x' },
    });
    const free = { path: '/api/v2/signing/wildcard', billing: { category: 'signature', cost: 0 } };
    await expect(answer(free as Partial<Request>, 1)).resolves.toMatchObject({ cost: 0 });
    await expect(answer({ path: '/api/v2/flow/ping' }, 1)).resolves.not.toHaveProperty('cost');
  });

  it('says OK when the route names no reason, and envelopes a handler that returns nothing', async () => {
    await expect(answer({ path: '/api/v2/x' }, 1)).resolves.toEqual({
      status: 'successful',
      reason: 'OK',
      version: 'v2',
      data: 1,
    });
    await expect(answer({ path: '/api/v2/x' }, undefined)).resolves.toMatchObject({
      status: 'successful',
      reason: 'OK',
    });
  });

  it('leaves raw answers (plain text, streams, pages) and non-HTTP contexts alone', async () => {
    await expect(answer({ path: '/api/health/check' }, 'OK', { handler: [RawResponse()] })).resolves.toBe('OK');
    await expect(answer({ path: '/api/v2/x' }, { raw: true }, {}, 'rpc')).resolves.toEqual({ raw: true });
  });
});
