import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { type RouteDecorators, httpContext } from '../../../test/support/http-execution-context';
import { RawResponse, Reason } from './envelope.decorator';
import { EnvelopeRouteGuard } from './envelope-route.guard';
import { EnvelopingExpressAdapter } from './enveloping-express-adapter';

describe('the success envelope (EnvelopeRouteGuard, then EnvelopingExpressAdapter)', () => {
  const guard = new EnvelopeRouteGuard(new Reflector());
  const adapter = new EnvelopingExpressAdapter();

  /** What the client receives when a handler of a route so decorated returns `result` for `request`. */
  function answer(request: Partial<Request>, result: unknown, route: RouteDecorators = {}, type = 'http') {
    const sent: { json?: unknown; text?: string; status?: number } = {};
    const req = { headers: {}, ...request } as Request;
    const response = {
      req,
      getHeader: () => undefined,
      status: (code: number) => ((sent.status = code), response),
      json: (body: unknown) => ((sent.json = body), response),
      send: (text: string) => ((sent.text = text), response),
    } as unknown as Response;
    const context = { ...httpContext(req, route, response), getType: () => type } as ExecutionContext;
    expect(guard.canActivate(context)).toBe(true);
    adapter.reply(response, result, 200);
    return sent;
  }

  it.each([
    ['/api/v1/flow/ping', 'v1'],
    ['/api/v1', 'v1'],
    ['/api/v2/flow/ping', 'v2'],
    ['/api/v10/flow/ping', 'v2'],
    ['/api/health/ready', 'v2'],
    ['/wallet/v1/inbox', 'v2'],
  ])('wraps the answer of %s as version %s', (path, version) => {
    const sent = answer({ path }, { request: { id: 'req_1' } }, { handler: [Reason('Flow state')] });
    expect(sent).toEqual({
      status: 200,
      json: { status: 'successful', reason: 'Flow state', version, data: { request: { id: 'req_1' } } },
    });
  });

  it('adds the cost the billing guard put on the request, and only then', () => {
    const billed = { path: '/api/v2/identification/same-device', billing: { category: 'authentication', cost: 50 } };
    expect(answer(billed as Partial<Request>, { link: 'x' }).json).toEqual({
      status: 'successful',
      reason: 'OK',
      cost: 50,
      version: 'v2',
      data: { link: 'x' },
    });
    const free = { path: '/api/v2/signing/wildcard', billing: { category: 'signature', cost: 0 } };
    expect(answer(free as Partial<Request>, 1).json).toMatchObject({ cost: 0 });
    expect(answer({ path: '/api/v2/flow/ping' }, 1).json).not.toHaveProperty('cost');
  });

  it('says OK when the route names no reason, and sends the envelope even when the handler returns nothing', () => {
    expect(answer({ path: '/api/v2/x' }, 1).json).toEqual({
      status: 'successful',
      reason: 'OK',
      version: 'v2',
      data: 1,
    });
    expect(answer({ path: '/api/v2/x' }, undefined).json).toMatchObject({ status: 'successful', reason: 'OK' });
  });

  it('leaves raw answers (plain text, streams, pages) alone', () => {
    expect(answer({ path: '/api/health/check' }, 'OK', { handler: [RawResponse()] })).toEqual({
      status: 200,
      text: 'OK',
    });
  });

  it('leaves a request that no route guard has seen alone (non-HTTP contexts, answers Nest writes itself)', () => {
    expect(answer({ path: '/api/v2/x' }, { raw: true }, {}, 'rpc')).toEqual({ status: 200, json: { raw: true } });
  });
});
