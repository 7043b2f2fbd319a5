import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class ConsumerIdParamDto {
  @ApiProperty({ description: 'The consumer id', example: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa' })
  @Matches(/^bcn_[0-9A-Za-z]+$/, { message: 'consumerId must be a consumer id (bcn_...)' })
  consumerId: string;
}
