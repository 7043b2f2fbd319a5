import type { RouteTable } from '../common/routing/route-table';
import type { ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AllExceptionsFilter } from '../common/errors/all-exceptions.filter';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { FailureHooks } from '../common/errors/failure-hooks';
import { Metrics } from '../common/metrics/metrics';
import type { BillingAccountsService } from './billing-accounts.service';
import type { BillingCharge } from './billing-charge';
import { FailedCallRefund } from './failed-call-refund';

describe('FailedCallRefund, run by the exception filter', () => {
  const reserved: BillingCharge = {
    category: 'authentication',
    cost: 50,
    reservation: { kind: 'balance', consumerId: 'bcn_test', amount: 50 },
  };
  let events: string[];
  let refundFails: boolean;
  const accounts = {
    refund: async (charge: BillingCharge) => {
      if (refundFails) throw new Error('database down');
      events.push(`refunded ${charge.cost}`);
      return { category: charge.category, cost: 0 };
    },
  } as unknown as BillingAccountsService;
  const hooks = new FailureHooks();
  new FailedCallRefund(accounts, hooks).onModuleInit();
  // Routed calls: no route table is asked for a method.
  const routes = { allowAt: () => undefined } as unknown as RouteTable;
  const filter = new AllExceptionsFilter(hooks, new Metrics(), routes);

  /** Fails a call that was charged `billing`; resolves with the status and body answered. */
  function fail(billing: BillingCharge | undefined, error: unknown) {
    const request = { headers: {}, path: '/api/v2/identification/same-device', billing } as unknown as Request;
    return new Promise<{ request: Request; status: number; body: { reason: string; cost?: number } }>((resolve) => {
      let status = 0;
      const response = {
        headersSent: false,
        getHeader: () => 'req_1',
        setHeader: () => undefined,
        status: (code: number) => ((status = code), response),
        json: (body: { reason: string }) => {
          events.push('answered');
          resolve({ request, status, body });
          return response;
        },
      } as unknown as Response;
      const http = { getRequest: () => request, getResponse: () => response };
      filter.catch(error, { switchToHttp: () => http } as unknown as ArgumentsHost);
    });
  }

  beforeEach(() => {
    events = [];
    refundFails = false;
  });

  it('gives back what a failed call reserved before its failure is answered, and the call then costs 0', async () => {
    const answer = await fail({ ...reserved }, new ForbiddenError('This NIN has no digital ID'));
    expect(events).toEqual(['refunded 50', 'answered']);
    expect(answer.status).toBe(403);
    expect(answer.body.reason).toBe('This NIN has no digital ID');
    expect(answer.request.billing).toEqual({ category: 'authentication', cost: 0 });
  });

  it('has nothing to give back, and answers at once, when nothing was reserved', async () => {
    await fail({ category: 'signature', cost: 0 }, new ForbiddenError('validation'));
    await fail(undefined, new ForbiddenError('no key'));
    expect(events).toEqual(['answered', 'answered']);
  });

  it('still answers with the original failure when the refund itself fails', async () => {
    refundFails = true;
    const answer = await fail({ ...reserved }, new ForbiddenError('This NIN has no digital ID'));
    expect(answer.body.reason).toBe('This NIN has no digital ID');
    expect(answer.request.billing).toMatchObject({ cost: 50 });
  });
});
