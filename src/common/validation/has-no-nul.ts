import { Matches } from 'class-validator';

/**
 * Refuses text with a NUL character, with a 400 that names the field: PostgreSQL cannot store one and would refuse the
 * row with a 500 instead.
 */
export function HasNoNul(field: string) {
  return Matches(/^[^\u0000]*$/, { message: `${field} must not contain NUL characters` });
}
