import { DeclineReason } from '../flows/kinds/decline-reason';

/** The body of the review page's decline: the signee's reason, if they gave one. */
export class ReviewDeclineDto {
  @DeclineReason()
  reason?: string;
}
