import { Foundation1763700000000 } from './1763700000000-Foundation';
import { Flows1763800000000 } from './1763800000000-Flows';

/** Applied in order; a new migration is appended here and never edits an earlier one. */
export const POSTGRES_MIGRATIONS = [Foundation1763700000000, Flows1763800000000];
