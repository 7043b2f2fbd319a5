import { DomainError } from '../../common/errors/domain-error';

/** Without an owner nobody could name operators again but the holder of ADMIN_TOKEN or the CLI. */
export class LastOwnerError extends DomainError {
  readonly status = 409;

  constructor() {
    super('This is the last owner: name another owner first');
  }
}
