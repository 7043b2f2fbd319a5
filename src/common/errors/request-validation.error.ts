import { DomainError } from './domain-error';
import type { ValidationIssue } from './validation-issue';

export class RequestValidationError extends DomainError {
  readonly status = 400;

  constructor(
    private readonly validationIssues: ValidationIssue[],
    reason = 'Validation failed',
  ) {
    super(reason);
  }

  override get issues(): ValidationIssue[] {
    return this.validationIssues;
  }
}
