import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { principalOf } from '../auth/auth-options.reader';
import { BillingAccountsService } from './billing-accounts.service';
import { BILLING_CATEGORY, type BillingCategory } from './billing-category';

/**
 * The billing pre-check (spec section 5) of routes whose `@Auth` names a billing category; it runs after the credential
 * and scope guards. Live keys must be covered by the free allowance or the balance (402 otherwise); what the call takes
 * is reserved here, put on the request as `billing`, and given back by ChargeRefundInterceptor if the call fails.
 */
@Injectable()
export class BillingGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accounts: BillingAccountsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const billing = this.reflector.getAllAndOverride<BillingCategory | undefined>(BILLING_CATEGORY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!billing) return true;
    const request = context.switchToHttp().getRequest<Request>();
    request.billing = await this.accounts.charge(principalOf(request), billing);
    return true;
  }
}
