import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable, catchError, from, mergeMap, throwError } from 'rxjs';
import { BillingAccountsService } from './billing-accounts.service';

/**
 * A billable call that fails (validation, a NIN without a digital ID, an unexpected error) costs nothing: what the
 * billing guard reserved is given back before the failure is answered. The pipes run inside this interceptor, so body
 * validation failures are covered too.
 */
@Injectable()
export class ChargeRefundInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ChargeRefundInterceptor.name);

  constructor(private readonly accounts: BillingAccountsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next
      .handle()
      .pipe(catchError((error: unknown) => from(this.refund(request)).pipe(mergeMap(() => throwError(() => error)))));
  }

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
