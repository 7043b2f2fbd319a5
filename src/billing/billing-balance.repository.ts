import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BillingBalance } from './billing-balance.entity';

/**
 * Consumers' prepaid balances. Every change is one conditional statement whose affected-row count decides, so two
 * calls racing for the last of a balance can never both get it, on any number of instances.
 */
@Injectable()
export class BillingBalanceRepository {
  constructor(@InjectRepository(BillingBalance) private readonly balances: Repository<BillingBalance>) {}

  find(consumerId: string): Promise<BillingBalance | null> {
    return this.balances.findOneBy({ consumerId });
  }

  /** Makes the consumer's balance, at zero, unless it already has one. */
  async open(consumerId: string, now: number): Promise<void> {
    await this.balances
      .createQueryBuilder()
      .insert()
      .into(BillingBalance)
      .values({ consumerId, balance: 0, updatedAt: now })
      .orIgnore()
      .execute();
  }

  /** Adds `amount` to a balance that exists. */
  async add(consumerId: string, amount: number, now: number): Promise<void> {
    await this.balances
      .createQueryBuilder()
      .update(BillingBalance)
      .set({ balance: () => 'balance + :amount', updatedAt: now })
      .where('consumer_id = :consumerId', { consumerId, amount })
      .execute();
  }

  /** Takes `amount` from the balance only if it is all there; true when it was taken. */
  async take(consumerId: string, amount: number, now: number): Promise<boolean> {
    const result = await this.balances
      .createQueryBuilder()
      .update(BillingBalance)
      .set({ balance: () => 'balance - :amount', updatedAt: now })
      .where('consumer_id = :consumerId AND balance >= :amount', { consumerId, amount })
      .execute();
    return result.affected === 1;
  }
}
