import type { ExecutionContext } from '@nestjs/common';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import type { AppConfig } from '../config/app-config';
import { AdminTokenGuard } from './admin-token.guard';

const TOKEN = 'admin-token-0123456789abcdef';

function contextWith(authorization?: string): { context: ExecutionContext; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const request = { headers: authorization === undefined ? {} : { authorization } };
  const response = { setHeader: (name: string, value: string) => (headers[name] = value) };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
  return { context, headers };
}

const guard = (adminToken?: string) => new AdminTokenGuard({ ADMIN_TOKEN: adminToken } as AppConfig);

describe('AdminTokenGuard', () => {
  it('lets the configured bearer token through, whatever the scheme letter case', () => {
    expect(guard(TOKEN).canActivate(contextWith(`Bearer ${TOKEN}`).context)).toBe(true);
    expect(guard(TOKEN).canActivate(contextWith(`bearer ${TOKEN}`).context)).toBe(true);
  });

  it.each([
    [undefined, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
    [TOKEN, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
    [`Basic ${TOKEN}`, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
    [`Bearer ${TOKEN}x`, 'The admin token is not valid'],
    [`Bearer ${TOKEN.slice(0, -1)}`, 'The admin token is not valid'],
  ])('refuses Authorization %p', (authorization, reason) => {
    const { context, headers } = contextWith(authorization);
    expect(() => guard(TOKEN).canActivate(context)).toThrow(new UnauthenticatedError(reason));
    expect(headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('refuses everyone, the right token included, while ADMIN_TOKEN is unset', () => {
    expect(() => guard(undefined).canActivate(contextWith(`Bearer ${TOKEN}`).context)).toThrow(
      'The admin API is disabled until ADMIN_TOKEN is set',
    );
  });
});
