import { applyDecorators } from '@nestjs/common';
import { IsString, Length, Matches } from 'class-validator';

export const NIN_MIN_LENGTH = 11;
export const NIN_MAX_LENGTH = 32;
export const NIN_PATTERN = /^[0-9A-Za-z-]+$/;

export const ninLengthMessage = (field: string) =>
  `${field} must be a NIN of ${NIN_MIN_LENGTH} to ${NIN_MAX_LENGTH} characters`;
export const ninPatternMessage = (field: string) => `${field} must be a NIN (letters, digits and dashes)`;

/** Why this is not a NIN, or undefined when it is one. */
export function ninProblem(nin: string, field = 'nin'): string | undefined {
  if (nin.length < NIN_MIN_LENGTH || nin.length > NIN_MAX_LENGTH) return ninLengthMessage(field);
  return NIN_PATTERN.test(nin) ? undefined : ninPatternMessage(field);
}

/** A national identification number (spec section 8: at least 11 characters). */
export function IsNin(field: string) {
  return applyDecorators(
    IsString(),
    Length(NIN_MIN_LENGTH, NIN_MAX_LENGTH, { message: ninLengthMessage(field) }),
    Matches(NIN_PATTERN, { message: ninPatternMessage(field) }),
  );
}
