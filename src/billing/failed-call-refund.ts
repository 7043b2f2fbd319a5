import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { FailureHooks } from '../common/errors/failure-hooks';
import { BillingAccountsService } from './billing-accounts.service';

/**
 * A billable call that fails (validation, a NIN without a digital ID, an unexpected error) costs nothing: what the
 * billing guard reserved is given back before the failure is answered. A failure hook rather than an interceptor, so
 * that the calls that succeed, nearly all of them, pay nothing for it; pipes and handler errors reach it alike.
 */
@Injectable()
export class FailedCallRefund implements OnModuleInit {
  private readonly logger = new Logger(FailedCallRefund.name);

  constructor(
    private readonly accounts: BillingAccountsService,
    private readonly failureHooks: FailureHooks,
  ) {}

  onModuleInit(): void {
    this.failureHooks.register((request) => this.refund(request));
  }

  /** Gives back what the call reserved, if anything; afterwards it costs 0, as its answer and usage record say. */
  private refund(request: Request): Promise<void> | undefined {
    const charge = request.billing;
    if (!charge?.reservation) return undefined;
    return this.accounts.refund(charge).then(
      (refunded) => {
        request.billing = refunded;
      },
      (error: unknown) => {
        this.logger.error(
          { err: error, reservation: charge.reservation },
          'Could not refund the charge of a failed call',
        );
      },
    );
  }
}
