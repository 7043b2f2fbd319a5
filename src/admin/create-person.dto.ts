import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';
import { ENVIRONMENTS, Environment } from '../tenants/environment';
import { PERSON_CLAIMS_EXAMPLE, PERSON_VIEW_EXAMPLE } from './admin-examples';
import { IsNin } from '../common/validation/is-nin';
import { NIN_MAX_LENGTH, NIN_MIN_LENGTH, NIN_PATTERN } from '../common/validation/nin-rule';
import { DISPLAY_NAME_MAX_LENGTH } from './person-rules';

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
  @HasNoNul('name')
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
