import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

export class AppListQueryDto {
  @ApiPropertyOptional({ description: 'Only the apps of this consumer', example: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa' })
  @IsOptional()
  @Matches(/^bcn_[0-9A-Za-z]+$/, { message: 'consumerId must be a consumer id (bcn_...)' })
  consumerId?: string;
}
