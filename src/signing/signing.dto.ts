import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsPayload, MAX_PAYLOAD_LENGTH } from '../common/validation/is-payload';
import { Required } from '../common/validation/required';
import { SigningWebhookDto } from '../webhooks/signing-webhook.dto';
import { SIGNING_ACTIONS, SigningAction } from './signing-fields';

/** Shared by every signing start mode; the spec 4.3 table decides the rest from `action` and `seeds`. */
export class SigningDto {
  @ApiProperty({ enum: SIGNING_ACTIONS, example: 'sign' })
  @Required('action')
  @IsIn(SIGNING_ACTIONS, { message: `action must be one of ${SIGNING_ACTIONS.join(', ')}` })
  action: SigningAction;

  @ApiProperty({
    description:
      'The exact text the holder signs or confirms: plain text, which may run over lines (line breaks, tabs); ' +
      'control and format characters (Unicode Cc, Cf, Zl, Zp, such as bidi controls) are refused',
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
