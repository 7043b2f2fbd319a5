import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, firstValueFrom, of, throwError } from 'rxjs';
import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { IDEMPOTENT_ROUTE, IdempotentRoute } from './idempotent-route';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import type { Claim, IdempotencyStore, StoredAnswer } from './idempotency.store';

describe('IdempotencyInterceptor', () => {
  let events: string[];
  let claim: Claim;
  const store = {
    claim: async () => {
      events.push('claimed');
      return claim;
    },
    answer: async (_digest: string, answer: StoredAnswer) => {
      events.push(`kept ${answer.statusCode} ${answer.body} ${JSON.stringify(answer.headers)}`);
    },
    release: async () => {
      events.push('released');
    },
  } as unknown as IdempotencyStore;
  const interceptor = new IdempotencyInterceptor(new Reflector(), store);

  /** A response that remembers its status and headers. */
  function fakeResponse() {
    const headers: Record<string, string> = {};
    const response = {
      statusCode: 201,
      headers,
      getHeader: (name: string) => headers[name],
      setHeader: (name: string, value: string) => ((headers[name] = value), response),
      set: (values: Record<string, string>) => (Object.assign(headers, values), response),
      status: (code: number) => ((response.statusCode = code), response),
    };
    return response;
  }

  /** Calls an idempotent route with `key`, whose handler answers `handled`. */
  function call(key: string | undefined, handled: () => Observable<unknown>, route = [IdempotentRoute()]) {
    const request = fakeRequest(key === undefined ? {} : { 'idempotency-key': key }, fakePrincipal());
    Object.assign(request, { method: 'POST', path: '/api/v2/flow/cancel', body: { request: 'flow_1' } });
    const response = fakeResponse();
    const context = httpContext(request, { handler: route }, response);
    const answered = firstValueFrom(
      interceptor.intercept(context, {
        handle: () => {
          events.push('handled');
          return handled();
        },
      }),
    );
    return { answered, response };
  }

  beforeEach(() => {
    events = [];
    claim = { kind: 'claimed', keyDigest: 'digest' };
  });

  it('hands a call without a key, or on a route that takes none, straight to the handler', async () => {
    await expect(call(undefined, () => of('done')).answered).resolves.toBe('done');
    await expect(call('key-1', () => of('done'), [SetMetadata(IDEMPOTENT_ROUTE, false)]).answered).resolves.toBe(
      'done',
    );
    expect(events).toEqual(['handled', 'handled']);
  });

  it('keeps a success as it is sent, status and the headers a client reads included, before sending it', async () => {
    const { answered } = call('key-1', () => of({ status: 'successful' }));
    await expect(answered).resolves.toEqual({ status: 'successful' });
    expect(events).toEqual(['claimed', 'handled', 'kept 201 {"status":"successful"} {}']);
  });

  it('answers a repeat with the first answer, marked replayed, without the handler', async () => {
    claim = { kind: 'replay', statusCode: 200, body: '{"status":"successful"}', headers: { 'x-access-token': 't' } };
    const { answered, response } = call('key-1', () => of('again'));
    await expect(answered).resolves.toEqual({ status: 'successful' });
    expect(events).toEqual(['claimed']);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toEqual({ 'x-access-token': 't', 'idempotent-replayed': 'true' });
  });

  it('frees the key of a call that failed, and lets the failure through', async () => {
    const failure = new Error('no digital ID');
    await expect(call('key-1', () => throwError(() => failure)).answered).rejects.toBe(failure);
    expect(events).toEqual(['claimed', 'handled', 'released']);
  });

  it('refuses a key that is too long or not printable, before claiming it', () => {
    expect(() => call('k'.repeat(256), () => of('done'))).toThrow(RequestValidationError);
    expect(() => call('tab\there', () => of('done'))).toThrow(RequestValidationError);
    expect(events).toEqual([]);
  });
});
