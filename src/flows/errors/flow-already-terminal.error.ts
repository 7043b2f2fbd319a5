import { DomainError } from '../../common/errors/domain-error';
import type { FlowStatus } from '../flow-state';

export class FlowAlreadyTerminalError extends DomainError {
  readonly status = 409;

  constructor(flowStatus: FlowStatus) {
    super(
      flowStatus === 'sealing'
        ? 'Every signee has signed: the signed copy is being made and the document completes shortly'
        : `The flow is already ${flowStatus}`,
    );
  }
}
