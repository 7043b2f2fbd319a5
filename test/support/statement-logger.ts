import type { Logger } from 'typeorm';

/** A TypeORM logger that writes the text of every statement run to `log`, and nothing else anywhere. */
export function statementLogger(log: string[]): Logger {
  const quiet = () => undefined;
  return {
    logQuery: (query: string) => void log.push(query),
    logQueryError: quiet,
    logQuerySlow: quiet,
    logSchemaBuild: quiet,
    logMigration: quiet,
    log: quiet,
  };
}
