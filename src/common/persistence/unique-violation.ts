import { QueryFailedError } from 'typeorm';

/** True when an insert failed because the row's key already exists (SQLite and PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT_PRIMARYKEY') || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
