import { NotFoundError } from '../../common/errors/not-found.error';

export class SigneeNotFoundError extends NotFoundError {
  constructor(signeeCount: number) {
    super(`No such signee on this document: position must be from 0 to ${signeeCount - 1}`);
  }
}
