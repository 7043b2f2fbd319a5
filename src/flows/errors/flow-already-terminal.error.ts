import { DomainError } from '../../common/errors/domain-error';
import type { FlowStatus } from '../flow-state';

export class FlowAlreadyTerminalError extends DomainError {
  readonly status = 409;

  constructor(flowStatus: FlowStatus) {
    super(`The flow is already ${flowStatus}`);
  }
}
