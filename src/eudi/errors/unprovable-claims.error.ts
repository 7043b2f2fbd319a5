import { RequestValidationError } from '../../common/errors/request-validation.error';

/** Claims a PID cannot prove, refused at create so the integrator learns it before any person is asked. */
export class UnprovableClaimsError extends RequestValidationError {
  constructor(unprovable: readonly string[], requested: readonly string[]) {
    super(
      unprovable.map((claim) => ({
        code: 'custom' as const,
        path: ['claims', requested.indexOf(claim)],
        message: `${claim} cannot be proved by an EU wallet's PID`,
      })),
      `A PID cannot prove ${unprovable.join(', ')}`,
    );
  }
}
