import { Reflector } from '@nestjs/core';
import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { DEFAULT_SCOPES } from '../tenants/scopes';
import type { AuthOptions } from './auth-options';
import { Auth } from '../access/auth.decorator';
import { ScopeGuard } from './scope.guard';

describe('ScopeGuard', () => {
  const guard = new ScopeGuard(new Reflector());
  const run = (options: AuthOptions, scopes: string[]) =>
    guard.canActivate(httpContext(fakeRequest({}, fakePrincipal({ scopes })), { handler: [Auth(options)] }));

  it('lets a route without a scope through', () => {
    expect(run({ credentials: ['key'] }, [])).toBe(true);
  });

  it('lets an app with the scope through', () => {
    expect(run({ credentials: ['key', 'secret'], scope: 'identification:another' }, ['identification:another'])).toBe(
      true,
    );
  });

  it('refuses an app without the scope with 403 telling it to contact support', () => {
    let refusal: unknown;
    try {
      run({ credentials: ['key', 'secret'], scope: 'identification:another' }, [...DEFAULT_SCOPES]);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ForbiddenError);
    expect(refusal).toMatchObject({
      status: 403,
      reason: expect.stringMatching(/identification:another.*contact support/),
    });
  });

  it('does not grant a scope by prefix', () => {
    expect(() =>
      run({ credentials: ['key', 'secret'], scope: 'signing:another' }, ['signing:same', 'signing']),
    ).toThrow(ForbiddenError);
  });

  it('reads the scope from the controller when the handler declares none', () => {
    const context = httpContext(fakeRequest({}, fakePrincipal({ scopes: ['document:sign'] })), {
      controller: [Auth({ credentials: ['key', 'secret'], scope: 'claims:medical' })],
    });
    expect(() => guard.canActivate(context)).toThrow(ForbiddenError);
  });
});
