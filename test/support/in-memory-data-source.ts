import { DataSource, type DataSourceOptions } from 'typeorm';

/** An in-memory SQLite data source over these entities that writes the text of every statement it runs to `log`. */
export function inMemoryDataSource(entities: DataSourceOptions['entities'], log: string[]): Promise<DataSource> {
  const quiet = () => undefined;
  return new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities,
    synchronize: true,
    logging: ['query'],
    logger: {
      logQuery: (query: string) => void log.push(query),
      logQueryError: quiet,
      logQuerySlow: quiet,
      logSchemaBuild: quiet,
      logMigration: quiet,
      log: quiet,
    },
  }).initialize();
}
