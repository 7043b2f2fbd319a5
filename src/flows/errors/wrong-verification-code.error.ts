import { DomainError } from '../../common/errors/domain-error';

/** The person picked a code that is not on the integrator's screen: the flow was declined. */
export class WrongVerificationCodeError extends DomainError {
  readonly status = 400;

  constructor() {
    super('The code picked is not the one on the screen that asked: the request is declined');
  }
}
