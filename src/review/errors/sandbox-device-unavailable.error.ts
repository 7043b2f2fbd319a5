import { ForbiddenError } from '../../common/errors/forbidden.error';

/** The sandbox test device signs only for a sandbox app's synthetic test persons, never for a real person. */
export class SandboxDeviceUnavailableError extends ForbiddenError {
  constructor() {
    super('The sandbox test device signs only for synthetic test persons on documents of sandbox apps');
  }
}
