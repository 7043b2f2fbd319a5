import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { CLAIM_KEYS } from '../claims/claim-catalog';
import { ClaimList } from '../claims/claim-list.decorator';
import { IsPayload, MAX_PAYLOAD_LENGTH } from '../common/validation/is-payload';
import { Required } from '../common/validation/required';
import { IDENTIFICATION_ACTIONS, MAX_CLAIMS } from './identification-fields';

/** What every identification start mode takes (spec 4.2). */
export class IdentificationDto {
  @ApiProperty({ enum: IDENTIFICATION_ACTIONS, example: 'login' })
  @Required('action')
  @IsIn(IDENTIFICATION_ACTIONS, { message: `action must be one of ${IDENTIFICATION_ACTIONS.join(', ')}` })
  action: string;

  @ApiProperty({
    description:
      'Claim keys to ask for (spec 2.8), group then name; lower-case spellings are accepted too. The `medical` and ' +
      '`education` groups need an app provisioned for them (scopes `claims:medical`, `claims:education`).',
    type: 'array',
    items: { type: 'string', enum: [...CLAIM_KEYS] },
    example: ['naming.name', 'contact.email', 'bio.birthdate'],
  })
  @ClaimList(MAX_CLAIMS)
  claims: string[];

  @ApiProperty({
    description:
      'The intent shown to the holder: plain text, which may run over lines (line breaks, tabs); control and ' +
      'format characters (Unicode Cc, Cf, Zl, Zp, such as bidi controls) are refused',
    example: 'Log in to Acme Shop',
    maxLength: MAX_PAYLOAD_LENGTH,
  })
  @Required('payload')
  @IsPayload()
  payload: string;
}
