import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AllowanceUsage } from './allowance-usage.entity';

/**
 * How much of each month's free allowance each consumer used. Every change is one conditional statement whose
 * affected-row count decides, so two calls racing for the last unit can never both get it, on any number of instances.
 */
@Injectable()
export class AllowanceUsageRepository {
  constructor(@InjectRepository(AllowanceUsage) private readonly allowances: Repository<AllowanceUsage>) {}

  find(consumerId: string, month: string): Promise<AllowanceUsage | null> {
    return this.allowances.findOneBy({ consumerId, month });
  }

  /** Counts one use in the month, if fewer than `limit` are counted: the row is made first, then raised below it. */
  async use(consumerId: string, month: string, limit: number): Promise<boolean> {
    await this.allowances
      .createQueryBuilder()
      .insert()
      .into(AllowanceUsage)
      .values({ consumerId, month, used: 0 })
      .orIgnore()
      .execute();
    const result = await this.allowances
      .createQueryBuilder()
      .update(AllowanceUsage)
      .set({ used: () => 'used + 1' })
      .where('consumer_id = :consumerId AND month = :month AND used < :limit', { consumerId, month, limit })
      .execute();
    return result.affected === 1;
  }

  /** Takes back one use of the month, never below zero. */
  async giveBack(consumerId: string, month: string): Promise<void> {
    await this.allowances
      .createQueryBuilder()
      .update(AllowanceUsage)
      .set({ used: () => 'used - 1' })
      .where('consumer_id = :consumerId AND month = :month AND used > 0', { consumerId, month })
      .execute();
  }
}
