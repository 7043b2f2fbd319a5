import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { HasNoNul } from '../../common/validation/has-no-nul';

/** Enough for a paragraph; the reason is shown to the integrator and kept in a document's audit trail. */
export const DECLINE_REASON_MAX_LENGTH = 500;

/**
 * The optional `reason` a holder gives for declining (the Wallet API, the simulator, the review page): at most
 * DECLINE_REASON_MAX_LENGTH characters of text, refused whole with a 400 before anything changes.
 */
export function DeclineReason() {
  return applyDecorators(
    ApiPropertyOptional({
      description: `Why the holder declines, in their words (at most ${DECLINE_REASON_MAX_LENGTH} characters); a document shows it in refresh's statusLog and the document.signee.rejected webhook`,
      maxLength: DECLINE_REASON_MAX_LENGTH,
      example: 'The notice period in clause 4 is wrong',
    }),
    IsOptional(),
    IsString({ message: 'reason must be a string' }),
    MaxLength(DECLINE_REASON_MAX_LENGTH, {
      message: `reason must be at most ${DECLINE_REASON_MAX_LENGTH} characters`,
    }),
    HasNoNul('reason'),
  );
}
