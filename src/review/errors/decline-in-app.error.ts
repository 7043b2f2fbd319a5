import { ForbiddenError } from '../../common/errors/forbidden.error';

/** The review link is shared by every signee, so a decline must come from the signee's own app (or a sandbox device). */
export class DeclineInAppError extends ForbiddenError {
  constructor() {
    super(
      'A signee declines in their digital-ID app: choose "Confirm with my digital-ID app" and decline there ' +
        '(the page declines directly only for synthetic test persons on documents of sandbox apps)',
    );
  }
}
