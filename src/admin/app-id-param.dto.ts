import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class AppIdParamDto {
  @ApiProperty({ description: 'The app id', example: 'app_9QwErTyUiOpAsDfGhJkLzXcV' })
  @Matches(/^app_[0-9A-Za-z]+$/, { message: 'appId must be an app id (app_...)' })
  appId: string;
}
