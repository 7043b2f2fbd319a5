import type { ValueTransformer } from 'typeorm';

/** The largest top-up or price: far below 2^53, so sums of them stay exact JavaScript numbers. */
export const MAX_MINOR_UNITS = 1_000_000_000;

/** PostgreSQL hands bigints back as strings. */
const toNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

/** Money in whole minor units (cents, kobo), in a bigint column so a balance has room to grow. */
export const minorUnitsColumn = { type: 'bigint', transformer: toNumber } as const;
