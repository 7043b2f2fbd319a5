import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { serializeSqliteTransactions } from '../platform/serialize-sqlite-transactions';
import { dataSourceOptions } from './data-source-options';
import { runMigrations } from './migrate';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      // Two quick retries cover a database that is still starting; beyond that the process should fail and be restarted.
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config), retryAttempts: 2, retryDelay: 1000 }),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        if (!options) throw new Error('No data source options');
        // Migrations run here rather than through `migrationsRun` so that concurrent starts can take a lock first.
        const dataSource = new DataSource({ ...options, migrationsRun: false });
        serializeSqliteTransactions(dataSource);
        await dataSource.initialize();
        if (options.migrationsRun) await runMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
