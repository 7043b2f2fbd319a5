import { ValidationOptions, registerDecorator } from 'class-validator';
import { startOfDate } from './billing-calendar';

/** A real calendar day written `YYYY-MM-DD` (`2025-02-30` is refused), read as a UTC day. */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be a date written YYYY-MM-DD`, ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && startOfDate(value) !== undefined,
      },
    });
}
