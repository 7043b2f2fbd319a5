import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { IsDisplayText } from '../common/validation/is-display-text';
import { PageOrigin } from '../eudi/page-origin';
import { IsIntendedUseName, MAX_INTENDED_USE_NAME_LENGTH } from '../eudi/intended-use-name';
import { SigningWebhookDto } from '../webhooks/signing-webhook.dto';
import { IdentificationDto } from './identification.dto';

/** A wallet shows the purpose on its consent screen, beside the verifier's name: a sentence, not a page. */
const MAX_PURPOSE_LENGTH = 300;

/** A wallet identification takes what every start mode takes; the claims must be ones a PID proves. */
export class WalletIdentificationDto extends IdentificationDto {
  @PageOrigin()
  origin?: string;

  @ApiPropertyOptional({
    description:
      'Why the person is asked, which their wallet shows beside the attributes it would disclose: plain text of one ' +
      'line (no control or format characters, such as bidi controls, and no < or >). It goes in the ' +
      "request's DCQL query as the `purpose` of its one credential set (OpenID4VP 1.0 6.2).",
    example: 'To open your Acme account',
    minLength: 1,
    maxLength: MAX_PURPOSE_LENGTH,
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_PURPOSE_LENGTH)
  // Wallets show it as text; control and format characters, line breaks and markup would show as something else.
  @IsDisplayText('purpose')
  @Matches(/^[^<>]+$/, { message: 'purpose must be plain text of one line: no < or >' })
  purpose?: string;

  @ApiPropertyOptional({
    description:
      "Which of the app's intended uses, registered with the operator, the request is made under: the claims must be " +
      'among its registered ones, and the wallet shows its registered purpose. Needed when the app registered several; ' +
      'with one, that one. A production app must have registered one (docs/eudi-wallet.md).',
    example: 'account-opening',
    maxLength: MAX_INTENDED_USE_NAME_LENGTH,
  })
  @IsOptional()
  @IsIntendedUseName('intendedUse')
  intendedUse?: string;

  @ApiPropertyOptional({
    type: SigningWebhookDto,
    description:
      "Where to report the outcome: `identification.completed`, `.rejected` (with the wallet's refusal in " +
      '`data.request.reason`), `.cancelled` or `.expired`, as signing and document flows report theirs',
  })
  @IsOptional()
  @IsObject({ message: 'webhook must be an object { host, reference }' })
  @ValidateNested()
  @Type(() => SigningWebhookDto)
  webhook?: SigningWebhookDto;
}
