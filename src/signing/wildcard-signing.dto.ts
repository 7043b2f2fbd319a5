import { SeedCount } from '../common/validation/seed-count';
import { SigningDto } from './signing.dto';

export class WildcardSigningDto extends SigningDto {
  @SeedCount()
  seeds: number;
}
