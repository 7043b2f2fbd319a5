import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, IsString, Length, Matches } from 'class-validator';

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
  @Matches(/^[^\u0000]*$/, { message: 'label must not contain NUL characters' })
  label?: string;
}
