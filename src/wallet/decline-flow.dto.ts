import { DeclineReason } from '../flows/kinds/decline-reason';

export class DeclineFlowDto {
  @DeclineReason()
  reason?: string;
}
