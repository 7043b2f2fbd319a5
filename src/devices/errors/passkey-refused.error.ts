import { ForbiddenError } from '../../common/errors/forbidden.error';

/** A passkey registration or assertion the service does not accept; the reason says which rule it broke. */
export class PasskeyRefusedError extends ForbiddenError {
  constructor(reason: string) {
    super(`Passkey refused: ${reason}`);
  }
}
