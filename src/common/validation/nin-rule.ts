/**
 * The rule for a national identification number (spec section 8: at least 11 characters), apart from its validation
 * decorator so that the CLI checks `--nin` without loading class-validator.
 */
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
