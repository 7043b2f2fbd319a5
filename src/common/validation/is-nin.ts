import { applyDecorators } from '@nestjs/common';
import { IsString, Length, Matches } from 'class-validator';
import { NIN_MAX_LENGTH, NIN_MIN_LENGTH, NIN_PATTERN, ninLengthMessage, ninPatternMessage } from './nin-rule';

/** A national identification number (spec section 8: at least 11 characters). */
export function IsNin(field: string) {
  return applyDecorators(
    IsString(),
    Length(NIN_MIN_LENGTH, NIN_MAX_LENGTH, { message: ninLengthMessage(field) }),
    Matches(NIN_PATTERN, { message: ninPatternMessage(field) }),
  );
}
