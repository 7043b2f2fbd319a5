import { DeclineReason } from '../flows/kinds/decline-reason';
import { SimulatedHolderDto } from './simulated-holder.dto';

export class SimulatedDeclineDto extends SimulatedHolderDto {
  @DeclineReason()
  reason?: string;
}
