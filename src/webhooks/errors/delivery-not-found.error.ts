import { NotFoundError } from '../../common/errors/not-found.error';

/** Unknown, or a delivery of another app: the two are answered alike. */
export class DeliveryNotFoundError extends NotFoundError {
  constructor() {
    super('No such webhook delivery');
  }
}
