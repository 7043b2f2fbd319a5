import type { CallHandler } from '@nestjs/common';
import type { Request } from 'express';
import { lastValueFrom, of, throwError } from 'rxjs';
import { fakeRequest, httpContext } from '../../test/support/http-execution-context';
import type { BillingAccountsService } from './billing-accounts.service';
import type { BillingCharge } from './billing-charge';
import { ChargeRefundInterceptor } from './charge-refund.interceptor';

describe('ChargeRefundInterceptor', () => {
  const reserved: BillingCharge = {
    category: 'authentication',
    cost: 50,
    reservation: { kind: 'balance', consumerId: 'bcn_test', amount: 50 },
  };
  let refunded: BillingCharge[];
  let refundFails: boolean;
  const accounts = {
    refund: async (charge: BillingCharge) => {
      if (refundFails) throw new Error('database down');
      refunded.push(charge);
      return { category: charge.category, cost: 0 };
    },
  } as unknown as BillingAccountsService;
  const interceptor = new ChargeRefundInterceptor(accounts);
  const handler = (outcome: () => unknown): CallHandler => ({
    handle: () => {
      try {
        return of(outcome());
      } catch (error) {
        return throwError(() => error);
      }
    },
  });
  const requestWith = (billing?: BillingCharge): Request => Object.assign(fakeRequest(), { billing });
  const run = (request: Request, outcome: () => unknown) =>
    lastValueFrom(interceptor.intercept(httpContext(request), handler(outcome)));

  beforeEach(() => {
    refunded = [];
    refundFails = false;
  });

  it('keeps the charge of a call that succeeds', async () => {
    const request = requestWith(reserved);
    await expect(run(request, () => 'created')).resolves.toBe('created');
    expect(refunded).toEqual([]);
    expect(request.billing).toBe(reserved);
  });

  it('refunds a failed call before passing its error on, and the call then costs 0', async () => {
    const request = requestWith(reserved);
    const failure = new Error('no digital ID');
    await expect(
      run(request, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(refunded).toEqual([reserved]);
    expect(request.billing).toEqual({ category: 'authentication', cost: 0 });
  });

  it('has nothing to refund when nothing was reserved', async () => {
    const request = requestWith({ category: 'signature', cost: 0 });
    await expect(
      run(request, () => {
        throw new Error('validation');
      }),
    ).rejects.toThrow('validation');
    expect(refunded).toEqual([]);
  });

  it('still answers with the original error when the refund itself fails', async () => {
    refundFails = true;
    const request = requestWith(reserved);
    await expect(
      run(request, () => {
        throw new Error('no digital ID');
      }),
    ).rejects.toThrow('no digital ID');
    expect(request.billing).toBe(reserved);
  });
});
