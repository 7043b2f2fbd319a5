import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Length } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';

export class EnrollDeviceDto {
  @ApiProperty({
    description: 'The one-time enrollment code the operator issued for the NIN',
    example: 'a1B2-c3D4-e5F6',
  })
  @IsDefined({ message: 'code is required' })
  @IsString()
  @Length(4, 64)
  code: string;

  @ApiPropertyOptional({ description: 'A name for the device, shown to the holder', example: "Ada's phone" })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @HasNoNul('label')
  label?: string;
}
