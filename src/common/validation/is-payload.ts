import { applyDecorators } from '@nestjs/common';
import { IsString, Length } from 'class-validator';
import { IsDisplayText } from './is-display-text';

/** The longest intent text a flow shows its holder. */
export const MAX_PAYLOAD_LENGTH = 2000;

/** The text shown to the holder: 1 to 2000 characters of plain text, which may run over lines (line breaks, tabs). */
export function IsPayload() {
  return applyDecorators(IsString(), Length(1, MAX_PAYLOAD_LENGTH), IsDisplayText('payload', { multiline: true }));
}
