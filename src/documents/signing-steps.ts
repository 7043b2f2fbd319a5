import { RequestValidationError } from '../common/errors/request-validation.error';
import type { SigningOrder } from './signee-status';

/**
 * The step each signee signs in, in list order: 1 for everyone in parallel signing; in sequential signing each
 * signee's `order`, or their place in the list when no signee has one. `order` on a parallel document, or on some
 * signees but not all, is refused (400) rather than guessed at.
 */
export function signingSteps(signees: Array<{ order?: number }>, signingOrder: SigningOrder): number[] {
  const ordered = signees.flatMap((signee, index) => (signee.order === undefined ? [] : [index]));
  if (signingOrder === 'parallel') {
    if (ordered.length > 0) {
      throw new RequestValidationError(
        ordered.map((index) => ({
          code: 'custom',
          path: ['signee', index, 'order'],
          message: 'order applies only with signingOrder sequential',
        })),
      );
    }
    return signees.map(() => 1);
  }
  if (ordered.length === 0) return signees.map((_signee, index) => index + 1);
  if (ordered.length < signees.length) {
    throw new RequestValidationError(
      signees.flatMap((signee, index) =>
        signee.order === undefined
          ? [
              {
                code: 'custom',
                path: ['signee', index, 'order'],
                message: 'order must be given for every signee or none',
              },
            ]
          : [],
      ),
    );
  }
  return signees.map((signee) => signee.order as number);
}
