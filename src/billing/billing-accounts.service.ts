import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { AppConfig } from '../config/app-config';
import { TenantsService } from '../tenants/tenants.service';
import { AllowanceUsageRepository } from './allowance-usage.repository';
import { monthOf } from './billing-calendar';
import type { BillingCategory } from './billing-category';
import type { BillingCharge, Reservation } from './billing-charge';
import { BillingBalanceRepository } from './billing-balance.repository';
import { InsufficientBalanceError } from './errors/insufficient-balance.error';

/** A consumer's standing: its prepaid balance and this month's allowance. */
export interface BillingAccount {
  consumerId: string;
  /** Minor units. */
  balance: number;
  allowance: { month: string; used: number; limit: number };
}

/** Balances and monthly allowances: what a billable call costs, and where it is paid from. */
@Injectable()
export class BillingAccountsService {
  constructor(
    private readonly balances: BillingBalanceRepository,
    private readonly allowances: AllowanceUsageRepository,
    private readonly tenants: TenantsService,
    private readonly config: AppConfig,
  ) {}

  priceOf(category: BillingCategory): number {
    return category === 'authentication' ? this.config.PRICE_AUTHENTICATION : this.config.PRICE_SIGNATURE;
  }

  /**
   * The pre-check of a billable call. Sandbox keys, and every key of a consumer that is not billed (idflow's own
   * console), pass at no cost. Live keys use the consumer's free allowance for the month first, then pay the category's
   * price from the balance; when neither covers the call it is refused (402). What is taken is reserved now and given
   * back by `refund` if the call then fails.
   */
  async charge(principal: Principal, category: BillingCategory, now = Date.now()): Promise<BillingCharge> {
    if (principal.app.environment !== 'production' || !principal.consumer.billed) {
      return { category, cost: 0 };
    }
    const consumerId = principal.consumer.id;
    const month = monthOf(now);
    if (await this.useAllowance(consumerId, month)) {
      return { category, cost: 0, reservation: { kind: 'allowance', consumerId, month } };
    }
    const price = this.priceOf(category);
    if (price === 0) return { category, cost: 0 };
    if (await this.balances.take(consumerId, price, now)) {
      return { category, cost: price, reservation: { kind: 'balance', consumerId, amount: price } };
    }
    throw new InsufficientBalanceError(category, price);
  }

  /** Gives back what a charge reserved; the call it was for failed, so it costs nothing. */
  async refund(charge: BillingCharge, now = Date.now()): Promise<BillingCharge> {
    if (charge.reservation) await this.release(charge.reservation, now);
    return { category: charge.category, cost: 0 };
  }

  /** Tops up a consumer's balance (404 for an unknown consumer) and answers the account as it now stands. */
  async credit(consumerId: string, amount: number, now = Date.now()): Promise<BillingAccount> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('A credit must be a positive whole amount');
    await this.tenants.findConsumer(consumerId);
    await this.balances.open(consumerId, now);
    await this.balances.add(consumerId, amount, now);
    return this.account(consumerId, now);
  }

  async account(consumerId: string, now = Date.now()): Promise<BillingAccount> {
    const month = monthOf(now);
    const [balance, allowance] = await Promise.all([
      this.balances.find(consumerId),
      this.allowances.find(consumerId, month),
    ]);
    return {
      consumerId,
      balance: balance?.balance ?? 0,
      allowance: { month, used: allowance?.used ?? 0, limit: this.config.FREE_MONTHLY_ALLOWANCE },
    };
  }

  /** Counts one call against the month's allowance, if any is left. */
  private async useAllowance(consumerId: string, month: string): Promise<boolean> {
    const limit = this.config.FREE_MONTHLY_ALLOWANCE;
    if (limit === 0) return false;
    return this.allowances.use(consumerId, month, limit);
  }

  private async release(reservation: Reservation, now: number): Promise<void> {
    if (reservation.kind === 'allowance') {
      await this.allowances.giveBack(reservation.consumerId, reservation.month);
      return;
    }
    await this.balances.add(reservation.consumerId, reservation.amount, now);
  }
}
