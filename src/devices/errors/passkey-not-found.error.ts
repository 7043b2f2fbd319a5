import { NotFoundError } from '../../common/errors/not-found.error';

export class PasskeyNotFoundError extends NotFoundError {
  constructor() {
    super('This device has no passkey');
  }
}
