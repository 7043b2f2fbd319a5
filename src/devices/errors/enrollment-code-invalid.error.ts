import { UnauthenticatedError } from '../../common/errors/unauthenticated.error';

export class EnrollmentCodeInvalidError extends UnauthenticatedError {
  constructor() {
    super('The enrollment code is unknown, already used or expired');
  }
}
