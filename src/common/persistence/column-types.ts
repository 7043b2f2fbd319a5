import { ValueTransformer } from 'typeorm';

/**
 * Times are stored as Unix epoch milliseconds in a bigint column: one portable type for SQLite and PostgreSQL, and
 * exact arithmetic for expiries. PostgreSQL hands bigints back as strings, hence the transformer.
 */
export const epochMsTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};

export const epochMsColumn = { type: 'bigint', transformer: epochMsTransformer } as const;
