import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsIn, IsString, Length, Matches } from 'class-validator';
import { ClaimList } from '../claims/claim-list.decorator';
import { IsDisplayText } from '../common/validation/is-display-text';
import { Required } from '../common/validation/required';
import { IsIntendedUseName, MAX_INTENDED_USE_NAME_LENGTH } from '../eudi/intended-use-name';
import { CREDENTIAL_TYPES } from '../eudi/registrable-credentials';
import { MAX_CLAIMS } from '../identification/identification-fields';
import { INTENDED_USE_VIEW_EXAMPLE } from './intended-use-views';

/** What a wallet shows on its consent screen: a sentence, as a wallet create's own `purpose`. */
const MAX_PURPOSE_LENGTH = 300;

export class RegisterIntendedUseDto {
  @ApiProperty({
    description: 'Its name within the app, which wallet creates give as `intendedUse`',
    example: INTENDED_USE_VIEW_EXAMPLE.name,
    maxLength: MAX_INTENDED_USE_NAME_LENGTH,
  })
  @Required('name')
  @IsString()
  @IsIntendedUseName('name')
  name: string;

  @ApiProperty({
    description: "Why the person is asked, which their wallet shows: plain text of one line, no '<' or '>'",
    example: INTENDED_USE_VIEW_EXAMPLE.purpose,
    minLength: 1,
    maxLength: MAX_PURPOSE_LENGTH,
  })
  @Required('purpose')
  @IsString()
  @Length(1, MAX_PURPOSE_LENGTH)
  @IsDisplayText('purpose')
  @Matches(/^[^<>]+$/, { message: 'purpose must be plain text of one line: no < or >' })
  purpose: string;

  @ApiProperty({
    description:
      'The credential types its requests may ask for: the PID as SD-JWT VC (`urn:eudi:pid:1`) or as mdoc ' +
      '(`eu.europa.ec.eudi.pid.1`); a request offers the wallet these forms only',
    type: 'array',
    items: { type: 'string', enum: CREDENTIAL_TYPES },
    example: INTENDED_USE_VIEW_EXAMPLE.credentials,
  })
  @Required('credentials')
  @IsArray()
  @ArrayMinSize(1, { message: 'credentials must name at least one credential type' })
  @IsIn(CREDENTIAL_TYPES, { each: true, message: `each credential must be one of ${CREDENTIAL_TYPES.join(', ')}` })
  credentials: string[];

  @ApiProperty({
    description: 'The catalog claims its requests may ask for: claims a PID proves (docs/eudi-wallet.md)',
    type: 'array',
    items: { type: 'string' },
    example: INTENDED_USE_VIEW_EXAMPLE.claims,
  })
  @ClaimList(MAX_CLAIMS)
  claims: string[];
}
