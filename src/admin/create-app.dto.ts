import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsDisplayText } from '../common/validation/is-display-text';
import { ENVIRONMENTS, Environment } from '../tenants/environment';
import { SCOPES, Scope } from '../tenants/scopes';
import { PUBLIC_KEY_EXAMPLE } from './admin-examples';

export class CreateAppDto {
  @ApiProperty({ description: 'The consumer that owns the app', example: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa' })
  @Matches(/^bcn_[0-9A-Za-z]+$/, { message: 'consumerId must be a consumer id (bcn_...)' })
  consumerId: string;

  @ApiProperty({
    description:
      'Name shown to holders in their digital-ID app: plain text of one line (no control or format characters)',
    example: 'Acme Mobile',
    minLength: 1,
    maxLength: 200,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @IsDisplayText('name')
  name: string;

  @ApiProperty({
    description: 'Sandbox apps get `bk-test_` keys, production apps `bk-live_` keys',
    enum: ENVIRONMENTS,
    example: 'sandbox',
  })
  @IsIn(ENVIRONMENTS)
  environment: Environment;

  @ApiPropertyOptional({
    description: 'Scopes to provision; when absent, every scope except those that need approval',
    enum: SCOPES,
    isArray: true,
    example: ['identification:same', 'signing:same', 'document:sign'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'scopes must name at least one scope; leave it out for the defaults' })
  @IsIn(SCOPES, { each: true })
  scopes?: Scope[];

  @ApiPropertyOptional({
    description:
      'RSA public key (PEM, at least 2048 bits) that claims are encrypted for. When absent, a key pair is generated ' +
      'and its private half returned once as `privateKey`.',
    example: PUBLIC_KEY_EXAMPLE,
  })
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  publicKey?: string;
}
