/**
 * `run` (jest's `describe`, or a variant of it) for a suite no database can change the outcome of: it reads the
 * sources, the build, the docs or the OpenAPI document, or checks what a route answers whatever stores it. It runs in
 * `npm test` (SQLite) and is skipped when `DATABASE_URL` is set, so `.ci/run`'s PostgreSQL step does not spend a
 * minute proving it again.
 */
export function databaseFree(run: jest.Describe): jest.Describe {
  return process.env.DATABASE_URL ? describe.skip : run;
}

export const describeDatabaseFree = databaseFree(describe);
