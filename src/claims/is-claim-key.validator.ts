import { ValidationOptions, registerDecorator } from 'class-validator';
import { normaliseClaimKey } from './claim-catalog';

/** class-transformer hook: catalog spellings for known keys; unknown keys stay as sent so validation can name them. */
export function normaliseClaimList({ value }: { value: unknown }): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((key: unknown) => (typeof key === 'string' ? (normaliseClaimKey(key) ?? key) : key));
}

const isClaimKey = (value: unknown) => typeof value === 'string' && normaliseClaimKey(value) === value;

/**
 * Names what is wrong. With `each`, class-validator hands the message the whole list, known keys included, so the
 * unknown ones are picked out here.
 */
function unknownClaimsMessage(value: unknown): string {
  const entries = Array.isArray(value) ? value.filter((entry) => !isClaimKey(entry)) : [value];
  const names = entries.map((entry) => String(entry)).join(', ');
  return entries.length > 1 ? `${names} are not known claims` : `${names} is not a known claim`;
}

/** A claim key of the catalog (spec 2.8), in its catalog spelling. */
export function IsClaimKey(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isClaimKey',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: ({ value }) => unknownClaimsMessage(value), ...options },
      validator: { validate: isClaimKey },
    });
}
