import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { Auth, type RouteAccess } from '../access/auth.decorator';
import type { Principal } from '../auth/principal';
import type { BillingAccountsService } from './billing-accounts.service';
import type { BillingCategory } from './billing-category';
import { Metrics } from '../common/metrics/metrics';
import { BillingGuard } from './billing.guard';
import { InsufficientBalanceError } from './errors/insufficient-balance.error';

describe('BillingGuard', () => {
  const charged: Array<{ principal: Principal; category: BillingCategory }> = [];
  const accounts = {
    charge: async (principal: Principal, category: BillingCategory) => {
      charged.push({ principal, category });
      if (principal.app.environment === 'production') throw new InsufficientBalanceError(category, 50);
      return { category, cost: 0 };
    },
  } as unknown as BillingAccountsService;
  const guard = new BillingGuard(new Reflector(), accounts, new Metrics());
  const run = (options: RouteAccess, request: Request) =>
    guard.canActivate(httpContext(request, { handler: [Auth(options)] }));

  beforeEach(() => charged.splice(0));

  it('lets routes without a billing category through without a charge', async () => {
    const request = fakeRequest({}, fakePrincipal());
    await expect(run({ credentials: ['key', 'secret'] }, request)).resolves.toBe(true);
    expect(charged).toEqual([]);
    expect(request.billing).toBeUndefined();
  });

  it("charges the route's category to the caller and puts the charge on the request", async () => {
    const principal = fakePrincipal();
    const request = fakeRequest({}, principal);
    await expect(run({ credentials: ['key', 'secret'], billing: 'signature' }, request)).resolves.toBe(true);
    expect(charged).toEqual([{ principal, category: 'signature' }]);
    expect(request.billing).toEqual({ category: 'signature', cost: 0 });
  });

  it('lets the 402 through when the charge is refused', async () => {
    const principal = fakePrincipal();
    const live = { ...principal, app: { ...principal.app, environment: 'production' } } as Principal;
    const request = fakeRequest({}, live);
    await expect(run({ credentials: ['key'], billing: 'authentication' }, request)).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(request.billing).toBeUndefined();
  });
});
