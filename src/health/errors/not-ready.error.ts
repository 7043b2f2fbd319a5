import { ServiceUnavailableError } from '../../common/errors/service-unavailable.error';
import type { Readiness } from '../readiness.service';

export class NotReadyError extends ServiceUnavailableError {
  constructor(private readonly readiness: Readiness) {
    super('Not ready');
  }

  override get data(): Readiness {
    return this.readiness;
  }
}
