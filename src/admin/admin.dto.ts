import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
} from 'class-validator';
import { ENVIRONMENTS, Environment } from '../tenants/environment';
import { SCOPES, Scope } from '../tenants/scopes';
import { PERSON_CLAIMS_EXAMPLE, PERSON_VIEW_EXAMPLE, PUBLIC_KEY_EXAMPLE } from './admin-examples';
import { IsNin, NIN_MAX_LENGTH, NIN_MIN_LENGTH, NIN_PATTERN } from '../common/validation/is-nin';
import { DISPLAY_NAME_MAX_LENGTH } from './person-rules';

export class CreateConsumerDto {
  @ApiProperty({ description: 'Name of the organisation', example: 'Acme Bank', minLength: 1, maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;
}

export class CreateAppDto {
  @ApiProperty({ description: 'The consumer that owns the app', example: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa' })
  @Matches(/^bcn_[0-9A-Za-z]+$/, { message: 'consumerId must be a consumer id (bcn_...)' })
  consumerId: string;

  @ApiProperty({
    description: 'Name shown to holders in their digital-ID app',
    example: 'Acme Mobile',
    minLength: 1,
    maxLength: 200,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
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

export class AppIdParamDto {
  @ApiProperty({ description: 'The app id', example: 'app_9QwErTyUiOpAsDfGhJkLzXcV' })
  @Matches(/^app_[0-9A-Za-z]+$/, { message: 'appId must be an app id (app_...)' })
  appId: string;
}

export class KeyIdParamDto {
  // Only record ids: a key itself in the path would end up in the access log.
  @ApiProperty({
    description: 'The id of the API key record (not the key itself)',
    example: 'key_7HbN2mQx9LwPz4RtYc8KdVf1',
  })
  @Matches(/^key_[0-9A-Za-z]+$/, { message: 'keyId must be an API key id (key_...), never the key itself' })
  keyId: string;
}

export class CreatePersonDto {
  @ApiProperty({
    description: 'National identification number: 11 to 32 letters, digits and dashes',
    example: PERSON_VIEW_EXAMPLE.nin,
    minLength: NIN_MIN_LENGTH,
    maxLength: NIN_MAX_LENGTH,
    pattern: NIN_PATTERN.source,
  })
  @IsNin('nin')
  nin: string;

  @ApiProperty({
    description: 'Sandbox persons are seen by `bk-test_` apps only, production persons by `bk-live_` apps only',
    enum: ENVIRONMENTS,
    example: 'production',
  })
  @IsIn(ENVIRONMENTS)
  environment: Environment;

  @ApiProperty({
    description: 'Display name of the person, for the operator',
    example: PERSON_VIEW_EXAMPLE.name,
    minLength: 1,
    maxLength: DISPLAY_NAME_MAX_LENGTH,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(DISPLAY_NAME_MAX_LENGTH)
  name: string;

  @ApiPropertyOptional({
    description:
      'Claim values by group then name, as spec 2.8 returns them. Every key must be in the claim catalog (any letter ' +
      'case; stored in the catalog spelling). Values: strings, numbers, booleans, lists of strings, or objects of ' +
      'strings (`idcards.passport`). The answer lists which claims the person holds, never the values.',
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: {} },
    example: PERSON_CLAIMS_EXAMPLE,
  })
  @IsOptional()
  @IsObject({ message: 'claims must be an object of claim groups' })
  claims?: Record<string, unknown>;
}

export class PersonParamsDto {
  @ApiProperty({ description: 'Environment of the person', enum: ENVIRONMENTS, example: 'production' })
  @IsIn(ENVIRONMENTS)
  environment: Environment;

  @ApiProperty({ description: 'NIN of the person', example: PERSON_VIEW_EXAMPLE.nin })
  @IsNin('nin')
  nin: string;
}
