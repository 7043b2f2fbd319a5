import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/load-config';
import { dataSourceOptions } from './src/database/data-source-options';

/** The data source of the TypeORM CLI (`npm run migration:run`), configured from the same environment as the service. */
export default new DataSource({ ...dataSourceOptions(loadConfig()), migrationsRun: false });
