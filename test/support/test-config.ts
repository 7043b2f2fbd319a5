import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../src/config/app-config';
import { loadConfig } from '../../src/config/load-config';
import { withPostgres } from './postgres-connection';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** The key-encryption key of every PostgreSQL test app: instances sharing a schema must seal alike. */
export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** Per-suite PostgreSQL schemas are named `t_<epoch ms>_<random>`, so stale ones can be told from running ones. */
export const TEST_SCHEMA_PREFIX = 't_';

/**
 * A configuration for one test app. SQLite in a fresh temporary directory by default; when the environment names a
 * PostgreSQL database (as `.ci/run` does), a fresh schema in it, so suites running in parallel never share tables.
 */
export async function testConfig(overrides: Record<string, string> = {}): Promise<AppConfig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'idflow-test-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_PATH: join(dataDir, 'idflow.sqlite'),
    ADMIN_TOKEN,
    // The suites' webhook hosts (example.com, shop.example) resolve nowhere on a machine without DNS; the lookup at
    // create has its own suite, which turns it back on.
    WEBHOOK_HOST_CHECK: 'syntax',
    // A seal whose timestamp authority fails is tried again within the test's time, not minutes later.
    SEAL_RETRY_SCHEDULE: '0.2,0.2',
    ...overrides,
  };
  if (env.DATABASE_URL && !overrides.DATABASE_SCHEMA) env.DATABASE_SCHEMA = await createSchema(env.DATABASE_URL);
  // Redis keys of the schema's own: suites reached from loopback would otherwise share one client's rate-limit count in
  // the shared Redis and refuse each other's requests, while apps given one schema (a scaled pair) share a prefix too.
  if (env.REDIS_URL && env.DATABASE_SCHEMA && !overrides.REDIS_PREFIX) env.REDIS_PREFIX = `${env.DATABASE_SCHEMA}:`;
  if (env.DATABASE_URL) env.KEY_ENCRYPTION_KEY ??= TEST_KEY_ENCRYPTION_KEY;
  return loadConfig(env);
}

/** A fresh, empty schema; one left behind is dropped by the global setup of a run an hour later. */
export async function createSchema(databaseUrl: string): Promise<string> {
  const schema = `${TEST_SCHEMA_PREFIX}${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withPostgres(databaseUrl, (client) => client.query(`CREATE SCHEMA ${schema}`));
  return schema;
}
