import { applyDecorators } from '@nestjs/common';
import { IsString, Length } from 'class-validator';
import { HasNoNul } from './has-no-nul';

/** The longest intent text a flow shows its holder. */
export const MAX_PAYLOAD_LENGTH = 2000;

/** The text shown to the holder: 1 to 2000 characters, no NUL. */
export function IsPayload() {
  return applyDecorators(IsString(), Length(1, MAX_PAYLOAD_LENGTH), HasNoNul('payload'));
}
