import { ValidationOptions, registerDecorator } from 'class-validator';
import { normaliseClaimKey } from './claim-catalog';

/** class-transformer hook: catalog spellings for known keys; unknown keys stay as sent so validation can name them. */
export function normaliseClaimList({ value }: { value: unknown }): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((key: unknown) => (typeof key === 'string' ? (normaliseClaimKey(key) ?? key) : key));
}

/** A claim key of the catalog (spec 2.8), in its catalog spelling. */
export function IsClaimKey(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isClaimKey',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: ({ value }) => `${String(value)} is not a known claim`, ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && normaliseClaimKey(value) === value,
      },
    });
}
