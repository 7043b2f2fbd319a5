import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type Observable, firstValueFrom, of, throwError } from 'rxjs';
import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { Auth, type RouteAccess } from '../access/auth.decorator';
import type { Principal } from '../auth/principal';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { Metrics } from '../common/metrics/metrics';
import type { BillingAccountsService } from './billing-accounts.service';
import type { BillingCategory } from './billing-category';
import type { BillingCharge } from './billing-charge';
import { BillingInterceptor } from './billing.interceptor';
import { InsufficientBalanceError } from './errors/insufficient-balance.error';

describe('BillingInterceptor', () => {
  let events: string[];
  let refundFails: boolean;
  const accounts = {
    charge: async (principal: Principal, category: BillingCategory): Promise<BillingCharge> => {
      events.push(`charged ${category}`);
      if (principal.app.environment === 'production') throw new InsufficientBalanceError(category, 50);
      return { category, cost: 50, reservation: { kind: 'balance', consumerId: 'bcn_test', amount: 50 } };
    },
    refund: async (charge: BillingCharge): Promise<BillingCharge> => {
      if (refundFails) throw new Error('database down');
      events.push(`refunded ${charge.cost}`);
      return { category: charge.category, cost: 0 };
    },
  } as unknown as BillingAccountsService;
  const interceptor = new BillingInterceptor(new Reflector(), accounts, new Metrics());

  /** Calls a route so declared, whose handler answers `handled`. */
  const call = (options: RouteAccess, request: Request, handled: () => Observable<unknown>) =>
    firstValueFrom(
      interceptor.intercept(httpContext(request, { handler: [Auth(options)] }), {
        handle: () => {
          events.push('handled');
          return handled();
        },
      }),
    );

  beforeEach(() => {
    events = [];
    refundFails = false;
  });

  it('lets routes without a billing category through without a charge', async () => {
    const request = fakeRequest({}, fakePrincipal());
    await expect(call({ credentials: ['key', 'secret'] }, request, () => of('done'))).resolves.toBe('done');
    expect(events).toEqual(['handled']);
    expect(request.billing).toBeUndefined();
  });

  it("charges the route's category before the handler and puts the charge on the request", async () => {
    const request = fakeRequest({}, fakePrincipal());
    await expect(
      call({ credentials: ['key', 'secret'], billing: 'signature' }, request, () => of('done')),
    ).resolves.toBe('done');
    expect(events).toEqual(['charged signature', 'handled']);
    expect(request.billing).toMatchObject({ category: 'signature', cost: 50 });
  });

  it('lets the 402 through when the charge is refused, and never reaches the handler', async () => {
    const principal = fakePrincipal();
    const live = { ...principal, app: { ...principal.app, environment: 'production' } } as Principal;
    const request = fakeRequest({}, live);
    await expect(
      call({ credentials: ['key'], billing: 'authentication' }, request, () => of('done')),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(events).toEqual(['charged authentication']);
    expect(request.billing).toBeUndefined();
  });

  it('gives back what a failed call reserved before the failure goes on, and the call then costs 0', async () => {
    const request = fakeRequest({}, fakePrincipal());
    const failure = new ForbiddenError('This NIN has no digital ID');
    await expect(
      call({ credentials: ['key'], billing: 'authentication' }, request, () => throwError(() => failure)),
    ).rejects.toBe(failure);
    expect(events).toEqual(['charged authentication', 'handled', 'refunded 50']);
    expect(request.billing).toEqual({ category: 'authentication', cost: 0 });
  });

  it('still fails with the original failure when the refund itself fails', async () => {
    refundFails = true;
    const request = fakeRequest({}, fakePrincipal());
    const failure = new ForbiddenError('This NIN has no digital ID');
    await expect(
      call({ credentials: ['key'], billing: 'authentication' }, request, () => throwError(() => failure)),
    ).rejects.toBe(failure);
    expect(request.billing).toMatchObject({ cost: 50 });
  });
});
