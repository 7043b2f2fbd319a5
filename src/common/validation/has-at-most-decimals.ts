import { ValidateBy } from 'class-validator';

/**
 * A finite number with at most `places` decimals. class-validator's own `maxDecimalPlaces` reads the decimals off the
 * number's text and throws on one written in exponent form without a point (`1e-323`), which made such a body a 500;
 * this compares the number with itself rounded to those places instead.
 */
export function HasAtMostDecimals(places: number, message: string) {
  const scale = 10 ** places;
  return ValidateBy(
    {
      name: 'hasAtMostDecimals',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isFinite(value) && Math.round(value * scale) / scale === value,
      },
    },
    { message },
  );
}
