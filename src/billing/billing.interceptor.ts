import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Counter } from 'prom-client';
import { type Observable, catchError, from, mergeMap, throwError } from 'rxjs';
import { principalOf } from '../auth/auth-options.reader';
import { Metrics } from '../common/metrics/metrics';
import { routeMetadata } from '../common/routing/route-metadata';
import { BillingAccountsService } from './billing-accounts.service';
import { BILLING_CATEGORY, type BillingCategory } from './billing-category';
import { InsufficientBalanceError } from './errors/insufficient-balance.error';

/**
 * The billing of a call (spec section 5) on routes whose `@Auth` names a billing category, after the credential and
 * scope guards. Live keys must be covered by the free allowance or the balance (402 otherwise); what the call takes is
 * reserved before the handler, put on the request as `billing` for the envelope's cost and the usage meter, and given
 * back if the call fails (validation, a NIN without a digital ID, an unexpected error), so that a failed call costs 0.
 * An interceptor rather than a guard so that a replayed `Idempotency-Key` answer, given by an interceptor outside this
 * one, is never charged.
 */
@Injectable()
export class BillingInterceptor implements NestInterceptor {
  private readonly logger = new Logger(BillingInterceptor.name);
  private readonly refusals: Counter<'category'>;

  constructor(
    private readonly reflector: Reflector,
    private readonly accounts: BillingAccountsService,
    metrics: Metrics,
  ) {
    this.refusals = metrics.counter({
      name: 'idflow_billing_refusals_total',
      help: 'Live-key calls refused with 402 (allowance spent, balance too low), by billing category',
      labelNames: ['category'],
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const billing = routeMetadata<BillingCategory>(this.reflector, BILLING_CATEGORY, context);
    if (!billing) return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    return from(this.charge(request, billing)).pipe(
      mergeMap(() => next.handle()),
      catchError((error: unknown) => from(this.refund(request)).pipe(mergeMap(() => throwError(() => error)))),
    );
  }

  private async charge(request: Request, billing: BillingCategory): Promise<void> {
    try {
      request.billing = await this.accounts.charge(principalOf(request), billing);
    } catch (error) {
      if (error instanceof InsufficientBalanceError) this.refusals.inc({ category: billing });
      throw error;
    }
  }

  /** Gives back what the call reserved, if anything; afterwards it costs 0, as its answer and usage record say. */
  private async refund(request: Request): Promise<void> {
    const charge = request.billing;
    if (!charge?.reservation) return;
    try {
      request.billing = await this.accounts.refund(charge);
    } catch (error) {
      this.logger.error(
        { err: error, reservation: charge.reservation },
        'Could not refund the charge of a failed call',
      );
    }
  }
}
