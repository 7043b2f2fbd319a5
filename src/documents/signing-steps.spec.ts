import { RequestValidationError } from '../common/errors/request-validation.error';
import type { ValidationIssue } from '../common/errors/validation-issue';
import { signingSteps } from './signing-steps';

/** The issues of the 400 the call throws; fails when it throws nothing or something else. */
function issuesOf(call: () => unknown): ValidationIssue[] {
  try {
    call();
  } catch (error) {
    if (error instanceof RequestValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('signingSteps', () => {
  it('puts every signee of a parallel document in step 1', () => {
    expect(signingSteps([{}, {}, {}], 'parallel')).toEqual([1, 1, 1]);
  });

  it('follows the list in sequential order when no signee has an order', () => {
    expect(signingSteps([{}, {}, {}], 'sequential')).toEqual([1, 2, 3]);
  });

  it("takes each signee's order when all have one, equal numbers sharing a step", () => {
    expect(signingSteps([{ order: 2 }, { order: 1 }, { order: 2 }], 'sequential')).toEqual([2, 1, 2]);
  });

  it('refuses an order on some signees only, naming each one without', () => {
    expect(issuesOf(() => signingSteps([{ order: 1 }, {}, { order: 2 }, {}], 'sequential'))).toEqual([
      { code: 'custom', path: ['signee', 1, 'order'], message: 'order must be given for every signee or none' },
      { code: 'custom', path: ['signee', 3, 'order'], message: 'order must be given for every signee or none' },
    ]);
  });

  it('refuses an order on a parallel document', () => {
    expect(issuesOf(() => signingSteps([{ order: 1 }, {}], 'parallel'))).toEqual([
      { code: 'custom', path: ['signee', 0, 'order'], message: 'order applies only with signingOrder sequential' },
    ]);
  });
});
