import { validateSync } from 'class-validator';
import { HasAtMostDecimals } from './has-at-most-decimals';

class Amount {
  @HasAtMostDecimals(3, 'amount must have at most three decimals')
  amount: unknown;
}

function errorsFor(amount: unknown): string[] {
  const subject = Object.assign(new Amount(), { amount });
  return validateSync(subject).flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('HasAtMostDecimals', () => {
  it.each([120, 0.5, 12.345, 1e12])('takes %p', (amount) => {
    expect(errorsFor(amount)).toEqual([]);
  });

  it.each([12.3456, 1e-323, 5e-7, Number.NaN, Number.POSITIVE_INFINITY, '12', null])(
    'refuses %p with its message, without throwing',
    (amount) => {
      expect(errorsFor(amount)).toEqual(['amount must have at most three decimals']);
    },
  );
});
