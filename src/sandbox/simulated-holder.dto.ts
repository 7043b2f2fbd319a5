import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsNin } from '../common/validation/is-nin';

export class SimulatedHolderDto {
  @ApiPropertyOptional({
    description: "A synthetic test person's NIN; defaults to the flow's target NIN, else the first test person",
    example: '10000000001',
  })
  @IsOptional()
  @IsNin('nin')
  nin?: string;
}
