import { RequestValidationError } from '../../common/errors/request-validation.error';

/** A wallet create asking for claims its intended use did not register: eIDAS Article 5b(3) forbids asking them. */
export class IntendedUseExceededError extends RequestValidationError {
  constructor(useName: string, beyond: readonly string[], requested: readonly string[]) {
    super(
      beyond.map((claim) => ({
        code: 'custom' as const,
        path: ['claims', requested.indexOf(claim)],
        message: `${claim} is not registered for the intended use "${useName}"`,
      })),
      `The intended use "${useName}" does not register ${beyond.join(', ')}`,
    );
  }
}
