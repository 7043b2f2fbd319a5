import { SeedCount } from '../common/validation/seed-count';
import { IdentificationDto } from './identification.dto';

export class WildcardIdentificationDto extends IdentificationDto {
  @SeedCount()
  seeds: number;
}
