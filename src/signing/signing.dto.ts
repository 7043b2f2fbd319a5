import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { IsNin } from '../common/validation/is-nin';
import { IsPayload, MAX_PAYLOAD_LENGTH } from '../common/validation/is-payload';
import { Required } from '../common/validation/required';
import { SeedCount } from '../common/validation/seed-count';

export const SIGNING_ACTIONS = ['sign', 'confirm'] as const;
export type SigningAction = (typeof SIGNING_ACTIONS)[number];

/** PostgreSQL cannot store text with a NUL character; refused here rather than failing in the database. */
const NO_NUL = /^[^\u0000]*$/;

export class SigningWebhookDto {
  @ApiProperty({ description: 'HTTPS callback URL', example: 'https://shop.example/webhooks/idflow' })
  @Required('webhook.host')
  @IsString()
  @Length(1, 2048)
  @Matches(NO_NUL, { message: 'webhook.host must not contain NUL characters' })
  host: string;

  @ApiProperty({ description: 'Your correlation id, echoed in every event', example: 'order-1042' })
  @Required('webhook.reference')
  @IsString()
  @Length(1, 200)
  @Matches(NO_NUL, { message: 'webhook.reference must not contain NUL characters' })
  reference: string;
}

/** Shared by every signing start mode; the spec 4.3 table decides the rest from `action` and `seeds`. */
class SigningDto {
  @ApiProperty({ enum: SIGNING_ACTIONS, example: 'sign' })
  @Required('action')
  @IsIn(SIGNING_ACTIONS, { message: `action must be one of ${SIGNING_ACTIONS.join(', ')}` })
  action: SigningAction;

  @ApiProperty({
    description: 'The exact text the holder signs or confirms',
    example: 'Pay 120.00 EUR to Acme Shop, order 1042',
    maxLength: MAX_PAYLOAD_LENGTH,
  })
  @Required('payload')
  @IsPayload()
  payload: string;

  @ApiPropertyOptional({ description: 'Required for `sign`, refused for `confirm`', type: SigningWebhookDto })
  @IsOptional()
  @IsObject({ message: 'webhook must be an object { host, reference }' })
  @ValidateNested()
  @Type(() => SigningWebhookDto)
  webhook?: SigningWebhookDto;
}

export class TargetedSigningDto extends SigningDto {
  @ApiProperty({ description: 'NIN of the signer (at least 11 characters)', example: '10000000001' })
  @Required('nin')
  @IsNin('nin')
  nin: string;
}

export class WildcardSigningDto extends SigningDto {
  @SeedCount()
  seeds: number;
}
