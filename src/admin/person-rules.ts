/** What a person's display name may be, for the admin API's DTOs and the CLI's options alike. */

/** The `display_name` column's width. */
export const DISPLAY_NAME_MAX_LENGTH = 200;

/** Why this is not a display name, or undefined when it is one. */
export function displayNameProblem(name: string): string | undefined {
  return name.length >= 1 && name.length <= DISPLAY_NAME_MAX_LENGTH
    ? undefined
    : `name must be 1 to ${DISPLAY_NAME_MAX_LENGTH} characters`;
}
