import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString } from 'class-validator';
import { IsClaimKey, normaliseClaimList } from '../claims/is-claim-key.validator';
import { IsNin } from '../common/validation/is-nin';
import { IsPayload, MAX_PAYLOAD_LENGTH } from '../common/validation/is-payload';
import { Required } from '../common/validation/required';
import { SeedCount } from '../common/validation/seed-count';

export const IDENTIFICATION_ACTIONS = ['login', 'signup', 'link'] as const;
export const MAX_CLAIMS = 60;

/** What every identification start mode takes (spec 4.2). */
export class IdentificationDto {
  @ApiProperty({ enum: IDENTIFICATION_ACTIONS, example: 'login' })
  @Required('action')
  @IsIn(IDENTIFICATION_ACTIONS, { message: `action must be one of ${IDENTIFICATION_ACTIONS.join(', ')}` })
  action: string;

  @ApiProperty({
    description: 'Claim keys to ask for (spec 2.8), e.g. `naming.name`; lower-case aliases are accepted',
    example: ['naming.name', 'contact.email', 'bio.birthdate'],
  })
  @Transform(normaliseClaimList)
  @Required('claims')
  @IsArray()
  @ArrayMinSize(1, { message: 'claims must name at least one claim' })
  @ArrayMaxSize(MAX_CLAIMS)
  @IsString({ each: true })
  @IsClaimKey({ each: true })
  claims: string[];

  @ApiProperty({
    description: 'The intent shown to the holder',
    example: 'Log in to Acme Shop',
    maxLength: MAX_PAYLOAD_LENGTH,
  })
  @Required('payload')
  @IsPayload()
  payload: string;
}

export class SameDeviceIdentificationDto extends IdentificationDto {}

export class DifferentDeviceIdentificationDto extends IdentificationDto {
  @ApiProperty({ description: 'NIN of the person to ask (at least 11 characters)', example: '10000000001' })
  @Required('user')
  @IsNin('user')
  user: string;
}

export class WildcardIdentificationDto extends IdentificationDto {
  @SeedCount()
  seeds: number;
}
