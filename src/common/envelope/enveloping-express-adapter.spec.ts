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
    const req = { method: 'GET', headers: {}, ...request } as Request;
    const headers = new Map<string, unknown>();
    const response = {
      req,
      statusCode: 200,
      getHeader: (name: string) => headers.get(name),
      hasHeader: (name: string) => headers.has(name),
      setHeader: (name: string, value: unknown) => headers.set(name, value),
      status: (code: number) => ((sent.status = code), (response.statusCode = code), response),
      json: (body: unknown) => ((sent.json = body), response),
      send: (text: string) => ((sent.text = text), response),
      end: (text?: string) => {
        if (text !== undefined) {
          sent.json = JSON.parse(text);
          expect(headers.get('content-length')).toBe(Buffer.byteLength(text));
        }
        return response;
      },
    } as unknown as Response & { statusCode: number };
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

  it('writes the envelope as UTF-8 JSON of its exact length, with no body for HEAD', () => {
    const written: Array<string | undefined> = [];
    const headers = new Map<string, unknown>();
    const response = {
      req: { method: 'HEAD', path: '/api/v2/x', envelopeReason: 'OK' },
      statusCode: 200,
      hasHeader: (name: string) => headers.has(name),
      setHeader: (name: string, value: unknown) => headers.set(name, value),
      end: (text?: string) => written.push(text),
    } as unknown as Response;
    adapter.reply(response, { name: 'Zoë' }, undefined);
    const length = Buffer.byteLength(
      JSON.stringify({ status: 'successful', reason: 'OK', version: 'v2', data: { name: 'Zoë' } }),
    );
    expect(Object.fromEntries(headers)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-length': length,
    });
    expect(written).toEqual([undefined]);
  });

  it('leaves an answer without a body, or whose content type the route chose, to Express', () => {
    const bodiless = { path: '/api/v2/x' };
    const response = (status: number, contentType?: string) => {
      const sent: { json?: unknown } = {};
      const res = {
        req: { method: 'GET', envelopeReason: 'OK', ...bodiless },
        statusCode: 200,
        status: (code: number) => ((res.statusCode = code), res),
        hasHeader: (name: string) => name === 'content-type' && contentType !== undefined,
        json: (body: unknown) => ((sent.json = body), res),
        end: () => {
          throw new Error('written past Express');
        },
      };
      adapter.reply(res as unknown as Response, 1, status);
      return sent.json;
    };
    expect(response(204)).toMatchObject({ status: 'successful', data: 1 });
    expect(response(200, 'application/vnd.example+json')).toMatchObject({ status: 'successful', data: 1 });
  });

  it('leaves raw answers (plain text, streams, pages) alone', () => {
    expect(answer({ path: '/api/health/check' }, 'OK', { handler: [RawResponse()] })).toEqual({
      status: 200,
      text: 'OK',
    });
  });

  it('writes raw text whose route chose a UTF-8 content type as it stands, with its length; other text goes to Express', () => {
    const reply = (method: string, contentType: string) => {
      const headers = new Map<string, unknown>([['content-type', contentType]]);
      const sent: { end?: Array<string | undefined>; send?: string } = {};
      const response = {
        req: { method, path: '/api/health/check' },
        statusCode: 200,
        status: (code: number) => ((response.statusCode = code), response),
        getHeader: (name: string) => headers.get(name),
        setHeader: (name: string, value: unknown) => headers.set(name, value),
        end: (text?: string) => ((sent.end = [text]), response),
        send: (text: string) => ((sent.send = text), response),
      };
      adapter.reply(response as unknown as Response, 'Zoë', undefined);
      return { sent, length: headers.get('content-length') };
    };
    expect(reply('GET', 'text/plain; charset=utf-8')).toEqual({ sent: { end: ['Zoë'] }, length: 4 });
    expect(reply('HEAD', 'text/plain; charset=UTF-8')).toEqual({ sent: { end: [undefined] }, length: 4 });
    expect(reply('GET', 'text/plain; charset=iso-8859-1')).toEqual({ sent: { send: 'Zoë' }, length: undefined });
    expect(reply('GET', 'text/plain')).toEqual({ sent: { send: 'Zoë' }, length: undefined });
  });

  it('leaves a request that no route guard has seen alone (non-HTTP contexts, answers Nest writes itself)', () => {
    expect(answer({ path: '/api/v2/x' }, { raw: true }, {}, 'rpc')).toEqual({ status: 200, json: { raw: true } });
  });
});
