import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, MaxLength } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';
import { Required } from '../common/validation/required';
import { IsSigningProviderName, MAX_SIGNING_PROVIDER_NAME_LENGTH } from '../remote-signing/signing-provider-name';
import { ENVIRONMENTS, type Environment } from '../tenants/environment';
import { SIGNING_PROVIDER_VIEW_EXAMPLE } from './signing-provider-views';

export class AddSigningProviderDto {
  @ApiProperty({
    description: 'Its name within the consumer',
    example: SIGNING_PROVIDER_VIEW_EXAMPLE.name,
    maxLength: MAX_SIGNING_PROVIDER_NAME_LENGTH,
  })
  @Required('name')
  @IsString()
  @IsSigningProviderName('name')
  name: string;

  @ApiProperty({
    description: "The consumer's documents it signs: its sandbox or its production ones",
    enum: ENVIRONMENTS,
    example: SIGNING_PROVIDER_VIEW_EXAMPLE.environment,
  })
  @Required('environment')
  @IsIn(ENVIRONMENTS)
  environment: Environment;

  @ApiProperty({
    description: 'The CSC API v2 base URI, the one its `info` is under: an http(s) URL',
    example: SIGNING_PROVIDER_VIEW_EXAMPLE.baseUrl,
    maxLength: 2048,
  })
  @Required('baseUrl')
  @IsString()
  @MaxLength(2048)
  baseUrl: string;

  @ApiProperty({
    description: "idflow's OAuth2 client id at the provider (client credentials)",
    example: SIGNING_PROVIDER_VIEW_EXAMPLE.clientId,
    minLength: 1,
    maxLength: 255,
  })
  @Required('clientId')
  @IsString()
  @Length(1, 255)
  @HasNoNul('clientId')
  clientId: string;

  @ApiProperty({
    description: 'Its client secret: sealed at rest, never answered, never logged',
    example: 'c2VjcmV0LWZyb20tdGhlLXByb3ZpZGVy',
    minLength: 1,
    maxLength: 1024,
  })
  @Required('clientSecret')
  @IsString()
  @Length(1, 1024)
  @HasNoNul('clientSecret')
  clientSecret: string;
}
