import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerException, ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { httpContext } from '../../../test/support/http-execution-context';
import { ServiceUnavailableError } from '../errors/service-unavailable.error';
import { ClientIpThrottlerGuard } from './client-ip-throttler.guard';
import { ClientIpUnresolvedError } from './errors/client-ip-unresolved.error';
import { rateLimitKey } from './throttling.module';

describe('ClientIpThrottlerGuard', () => {
  const headers: Record<string, unknown> = {};
  const response = { header: (name: string, value: unknown) => (headers[name] = value) };

  async function guardOver(storage: ThrottlerStorage, limit = 2): Promise<ClientIpThrottlerGuard> {
    const guard = new ClientIpThrottlerGuard(
      { throttlers: [{ name: 'default', ttl: 60_000, limit }], generateKey: rateLimitKey },
      storage,
      new Reflector(),
    );
    await guard.onModuleInit();
    return guard;
  }

  const from = (clientIp?: string, socketIp = '10.0.0.1'): ExecutionContext =>
    httpContext({ clientIp, ip: socketIp, headers: {} } as unknown as Request, {}, response);

  it('counts requests by the resolved client IP, not the socket, and refuses past the limit with 429', async () => {
    const guard = await guardOver(new ThrottlerStorageService());
    await expect(guard.canActivate(from('203.0.113.7', '10.0.0.1'))).resolves.toBe(true);
    await expect(guard.canActivate(from('203.0.113.7', '10.0.0.2'))).resolves.toBe(true);
    await expect(guard.canActivate(from('203.0.113.7', '10.0.0.3'))).rejects.toBeInstanceOf(ThrottlerException);
    // Another client behind the same socket address has its own count.
    await expect(guard.canActivate(from('198.51.100.9', '10.0.0.1'))).resolves.toBe(true);
  });

  it('tells the client its remaining allowance', async () => {
    const guard = await guardOver(new ThrottlerStorageService(), 5);
    await guard.canActivate(from('192.0.2.50'));
    expect(headers).toMatchObject({ 'X-RateLimit-Limit': 5, 'X-RateLimit-Remaining': 4 });
  });

  it('refuses with 503 rather than letting requests through unmetered when the counter store fails', async () => {
    const failing: ThrottlerStorage = { increment: () => Promise.reject(new Error('ECONNREFUSED')) };
    const guard = await guardOver(failing);
    await expect(guard.canActivate(from('203.0.113.7'))).rejects.toThrow(ServiceUnavailableError);
    await expect(guard.canActivate(from('203.0.113.7'))).rejects.toThrow(
      'The rate limiter is unavailable; try again shortly',
    );
  });

  it('refuses to count a request whose client IP was never resolved', async () => {
    const guard = await guardOver(new ThrottlerStorageService());
    await expect(guard.canActivate(from(undefined))).rejects.toThrow(ClientIpUnresolvedError);
  });
});
