import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Metrics } from '../common/metrics/metrics';
import { postgresPoolOf } from '../platform/postgres-pool';

/**
 * The PostgreSQL connection pool as the scraper finds it: connections open and idle, and callers waiting for one (a
 * pool too small for the load). SQLite has one connection and nothing to wait for, so it reports none of these.
 */
@Injectable()
export class DatabasePoolMetrics {
  constructor(@InjectDataSource() dataSource: DataSource, metrics: Metrics) {
    if (dataSource.options.type !== 'postgres') return;
    const pool = () => postgresPoolOf(dataSource);
    metrics.sampledGauge(
      'idflow_db_pool_connections',
      'Open connections of the PostgreSQL pool',
      () => pool().totalCount,
    );
    metrics.sampledGauge('idflow_db_pool_idle_connections', 'Idle connections of the pool', () => pool().idleCount);
    metrics.sampledGauge('idflow_db_pool_waiting', 'Callers waiting for a pool connection', () => pool().waitingCount);
  }
}
