import { NotFoundError } from '../../common/errors/not-found.error';

export class FlowNotFoundError extends NotFoundError {
  constructor() {
    super('No such flow');
  }
}
