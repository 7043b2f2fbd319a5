import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional, Matches, ValidateIf } from 'class-validator';

export class AuthorizeQueryDto {
  @ApiPropertyOptional({
    description: 'Consumer id the token is for; must be the consumer of the x-api-key',
    example: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa',
  })
  @IsOptional()
  @Matches(/^bcn_[0-9A-Za-z]+$/, { message: 'sub must be a consumer id (bcn_...)' })
  sub?: string;

  @ApiPropertyOptional({
    description: 'App id; required when `sub` is set, and must be the app of the x-api-key',
    example: 'app_9QwErTyUiOpAsDfGhJkLzXcV',
  })
  @ValidateIf((query: AuthorizeQueryDto) => query.sub !== undefined || query.app !== undefined)
  @IsDefined({ message: 'app is required when sub is set' })
  @Matches(/^app_[0-9A-Za-z]+$/, { message: 'app must be an app id (app_...)' })
  app?: string;
}
