import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import { IsClaimKey, normaliseClaimList } from '../claims/is-claim-key.validator';
import { SimulatedHolderDto } from './simulated-holder.dto';

export class SimulatedApprovalDto extends SimulatedHolderDto {
  @ApiPropertyOptional({
    description: 'The claims the simulated holder consents to; defaults to every claim the flow asks for',
    example: ['naming.name'],
  })
  @IsOptional()
  @Transform(normaliseClaimList)
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsClaimKey({ each: true })
  claims?: string[];
}
