import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import { IsNin } from '../common/validation/is-nin';
import { IsClaimKey, normaliseClaimList } from '../claims/is-claim-key.validator';

export class SimulatedHolderDto {
  @ApiPropertyOptional({
    description: "A synthetic test person's NIN; defaults to the flow's target NIN, else the first test person",
    example: '10000000001',
  })
  @IsOptional()
  @IsNin('nin')
  nin?: string;
}

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
