import { NotFoundError } from '../../common/errors/not-found.error';

export class DeviceNotFoundError extends NotFoundError {
  constructor() {
    super('No device has this id');
  }
}
