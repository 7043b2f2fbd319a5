import { DataSource, type DataSourceOptions } from 'typeorm';
import { statementLogger } from './statement-logger';

/** An in-memory SQLite data source over these entities that writes the text of every statement it runs to `log`. */
export function inMemoryDataSource(entities: DataSourceOptions['entities'], log: string[]): Promise<DataSource> {
  return new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities,
    synchronize: true,
    logging: ['query'],
    logger: statementLogger(log),
  }).initialize();
}
