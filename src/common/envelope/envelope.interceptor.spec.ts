import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { lastValueFrom, of } from 'rxjs';
import { httpContext } from '../../../test/support/http-execution-context';
import { RawResponse, Reason } from './envelope.decorator';
import { EnvelopeInterceptor } from './envelope.interceptor';

describe('EnvelopeInterceptor', () => {
  const interceptor = new EnvelopeInterceptor(new Reflector());
  const returning = (value: unknown): CallHandler => ({ handle: () => of(value) });
  const requestTo = (path: string) => ({ path, headers: {} }) as unknown as Request;

  it.each([
    ['/api/v1/flow/ping', 'v1'],
    ['/api/v1', 'v1'],
    ['/api/v2/flow/ping', 'v2'],
    ['/api/v10/flow/ping', 'v2'],
    ['/api/health/ready', 'v2'],
    ['/wallet/v1/inbox', 'v2'],
  ])('wraps the answer of %s as version %s', async (path, version) => {
    const context = httpContext(requestTo(path), { handler: [Reason('Flow state')] });
    const body = await lastValueFrom(interceptor.intercept(context, returning({ request: { id: 'req_1' } })));
    expect(body).toEqual({ status: 'successful', reason: 'Flow state', version, data: { request: { id: 'req_1' } } });
  });

  it('adds the cost the billing guard put on the request, and only then', async () => {
    const billed = Object.assign(requestTo('/api/v2/identification/same-device'), {
      billing: { category: 'authentication', cost: 50 },
    });
    const body = await lastValueFrom(interceptor.intercept(httpContext(billed), returning({ link: 'x' })));
    expect(body).toEqual({ status: 'successful', reason: 'OK', cost: 50, version: 'v2', data: { link: 'x' } });
    const free = Object.assign(requestTo('/api/v2/signing/wildcard'), { billing: { category: 'signature', cost: 0 } });
    await expect(lastValueFrom(interceptor.intercept(httpContext(free), returning(1)))).resolves.toMatchObject({
      cost: 0,
    });
    const unbilled = await lastValueFrom(
      interceptor.intercept(httpContext(requestTo('/api/v2/flow/ping')), returning(1)),
    );
    expect(unbilled).not.toHaveProperty('cost');
  });

  it('says OK when the route names no reason', async () => {
    const body = await lastValueFrom(interceptor.intercept(httpContext(requestTo('/api/v2/x')), returning(1)));
    expect(body).toMatchObject({ status: 'successful', reason: 'OK', data: 1 });
  });

  it('leaves raw answers (plain text, streams, pages) alone', async () => {
    const context = httpContext(requestTo('/api/health/check'), { handler: [RawResponse()] });
    await expect(lastValueFrom(interceptor.intercept(context, returning('OK')))).resolves.toBe('OK');
  });

  it('leaves non-HTTP contexts alone', async () => {
    const context = { ...httpContext(requestTo('/x')), getType: () => 'rpc' } as unknown as ExecutionContext;
    await expect(lastValueFrom(interceptor.intercept(context, returning('raw')))).resolves.toBe('raw');
  });
});
