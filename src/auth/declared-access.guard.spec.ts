import { Reflector } from '@nestjs/core';
import { fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { Auth } from '../access/auth.decorator';
import { DeclareAccess, DeclaredAccess } from '../common/route-access/declared-access';
import { DeclaredAccessGuard } from './declared-access.guard';
import { Public } from '../common/route-access/public.decorator';

describe('DeclaredAccessGuard (deny by default)', () => {
  const guard = new DeclaredAccessGuard(new Reflector());

  it('refuses a route that declares nothing with 401', () => {
    let refusal: unknown;
    try {
      guard.canActivate(httpContext(fakeRequest()));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(UnauthenticatedError);
    expect(refusal).toMatchObject({ status: 401, reason: 'This route does not accept requests' });
  });

  it('lets a @Public() route through', () => {
    expect(guard.canActivate(httpContext(fakeRequest(), { handler: [Public()] }))).toBe(true);
  });

  it('lets an @Auth() route through (its own guards check the credentials)', () => {
    expect(guard.canActivate(httpContext(fakeRequest(), { handler: [Auth({ credentials: ['key'] })] }))).toBe(true);
  });

  it.each<DeclaredAccess>(['public', 'integrator', 'admin'])('accepts a controller-wide %s declaration', (access) => {
    expect(guard.canActivate(httpContext(fakeRequest(), { controller: [DeclareAccess(access)] }))).toBe(true);
  });
});
