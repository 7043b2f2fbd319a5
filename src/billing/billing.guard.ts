import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Counter } from 'prom-client';
import { Metrics } from '../common/metrics/metrics';
import { routeMetadata } from '../common/routing/route-metadata';
import { principalOf } from '../auth/auth-options.reader';
import { BillingAccountsService } from './billing-accounts.service';
import { BILLING_CATEGORY, type BillingCategory } from './billing-category';
import { InsufficientBalanceError } from './errors/insufficient-balance.error';

/**
 * The billing pre-check (spec section 5) of routes whose `@Auth` names a billing category; it runs after the credential
 * and scope guards. Live keys must be covered by the free allowance or the balance (402 otherwise); what the call takes
 * is reserved here, put on the request as `billing`, and given back by FailedCallRefund if the call fails.
 */
@Injectable()
export class BillingGuard implements CanActivate {
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

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const billing = routeMetadata<BillingCategory>(this.reflector, BILLING_CATEGORY, context);
    if (!billing) return true;
    const request = context.switchToHttp().getRequest<Request>();
    try {
      request.billing = await this.accounts.charge(principalOf(request), billing);
    } catch (error) {
      if (error instanceof InsufficientBalanceError) this.refusals.inc({ category: billing });
      throw error;
    }
    return true;
  }
}
