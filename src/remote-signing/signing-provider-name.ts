import { Matches } from 'class-validator';

export const MAX_SIGNING_PROVIDER_NAME_LENGTH = 64;

/** A provider's name, which admin routes and CLI options carry: letters, digits, `.`, `_` and `-` only. */
export const SIGNING_PROVIDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function IsSigningProviderName(field: string): PropertyDecorator {
  return Matches(SIGNING_PROVIDER_NAME, {
    message: `${field} must be 1 to ${MAX_SIGNING_PROVIDER_NAME_LENGTH} letters, digits, '.', '_' or '-'`,
  });
}
