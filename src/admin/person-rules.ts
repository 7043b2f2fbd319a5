/**
 * What a person's NIN and display name may be, for the admin API's DTOs and the CLI's options alike. The NIN rule is
 * the one different-device identification applies to `user`: 11 to 32 letters, digits and dashes.
 */
export const NIN_MIN_LENGTH = 11;
export const NIN_MAX_LENGTH = 32;
export const NIN_PATTERN = /^[0-9A-Za-z-]+$/;
export const NIN_LENGTH_MESSAGE = `nin must be a NIN of ${NIN_MIN_LENGTH} to ${NIN_MAX_LENGTH} characters`;
export const NIN_PATTERN_MESSAGE = 'nin must be a NIN (letters, digits and dashes)';

/** The `display_name` column's width. */
export const DISPLAY_NAME_MAX_LENGTH = 200;

/** Why this is not a NIN, or undefined when it is one. */
export function ninProblem(nin: string): string | undefined {
  if (nin.length < NIN_MIN_LENGTH || nin.length > NIN_MAX_LENGTH) return NIN_LENGTH_MESSAGE;
  return NIN_PATTERN.test(nin) ? undefined : NIN_PATTERN_MESSAGE;
}

/** Why this is not a display name, or undefined when it is one. */
export function displayNameProblem(name: string): string | undefined {
  return name.length >= 1 && name.length <= DISPLAY_NAME_MAX_LENGTH
    ? undefined
    : `name must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters`;
}
