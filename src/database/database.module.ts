import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { runMigrations } from './migrate';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => dataSourceOptions(config),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        if (!options) throw new Error('No data source options');
        // Migrations run here rather than through `migrationsRun` so that concurrent starts can take a lock first.
        const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
        if (options.migrationsRun) await runMigrations(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
