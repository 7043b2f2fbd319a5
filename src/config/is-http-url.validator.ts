import { ValidationOptions, registerDecorator } from 'class-validator';

/** An absolute http(s) URL without a trailing slash, so that `${url}/path` is always well formed. */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: `${String(propertyName)} must be an absolute http(s) URL without a trailing slash`,
        ...options,
      },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string' || value.endsWith('/')) return false;
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
          } catch {
            return false;
          }
        },
      },
    });
}
