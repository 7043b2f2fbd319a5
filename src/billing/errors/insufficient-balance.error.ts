import { DomainError } from '../../common/errors/domain-error';
import type { BillingCategory } from '../billing-category';

/** A live billable call beyond the free monthly allowance that the prepaid balance cannot pay for. */
export class InsufficientBalanceError extends DomainError {
  readonly status = 402;

  constructor(
    private readonly category: BillingCategory,
    private readonly price: number,
  ) {
    super(
      `Insufficient balance: this month's free allowance is used up and the prepaid balance does not cover the ` +
        `${category} price of ${price}; top up the balance to continue`,
    );
  }

  override get data(): object {
    return { category: this.category, price: this.price };
  }
}
