import { Matches } from 'class-validator';

export const MAX_INTENDED_USE_NAME_LENGTH = 64;

/** An intended use's name: a short token an integrator sends back, so letters, digits, `.`, `_` and `-` only. */
export const INTENDED_USE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function IsIntendedUseName(field: string): PropertyDecorator {
  return Matches(INTENDED_USE_NAME, {
    message: `${field} must be 1 to ${MAX_INTENDED_USE_NAME_LENGTH} letters, digits, '.', '_' or '-'`,
  });
}
