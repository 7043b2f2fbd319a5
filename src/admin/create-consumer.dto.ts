import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';

export class CreateConsumerDto {
  @ApiProperty({ description: 'Name of the organisation', example: 'Acme Bank', minLength: 1, maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @HasNoNul('name')
  name: string;
}
