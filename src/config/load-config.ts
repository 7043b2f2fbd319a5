import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppConfig, SECRET_SETTINGS } from './app-config';
import { ConfigError } from './config.error';

type Environment = Record<string, string | undefined>;

function withDefaults(env: Environment): Environment {
  const port = env.PORT || '3000';
  // A bad PORT is reported once, under its own name, not again through every URL derived from it.
  const localUrl = `http://localhost:${/^\d+$/.test(port) ? port : '3000'}`;
  const dataDir = env.DATA_DIR || './data';
  const defaults: Environment = {
    NODE_ENV: 'development',
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_PATH: `${dataDir}/idflow.sqlite`,
    MIGRATIONS_RUN: 'true',
    BASE_URL: localUrl,
    OPEN_URL: localUrl,
    SIGN_URL: localUrl,
    CDN_URL: localUrl,
    TRUST_PROXY_HEADERS: 'true',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100',
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    FLOW_TTL_SECONDS: '300',
    DOCUMENT_TTL_SECONDS: String(7 * 24 * 3600),
    MAX_FILE_BYTES: String(25 * 1024 * 1024),
    POLL_HOLD_SECONDS: '60',
    EXPIRY_SWEEP_SECONDS: '5',
    ALLOW_PRIVATE_URLS: 'false',
    ALLOW_INSECURE_URLS: 'false',
    WEBHOOK_RETRY_SCHEDULE: '5,300,1800,7200,18000,36000',
    FREE_MONTHLY_ALLOWANCE: '100',
    PRICE_AUTHENTICATION: '50',
    PRICE_SIGNATURE: '100',
  };
  const merged: Environment = { ...defaults };
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') merged[name] = value;
  }
  return merged;
}

function describeValue(name: string, value: unknown): string {
  if (SECRET_SETTINGS.has(name as keyof AppConfig)) return '';
  return ` (got ${JSON.stringify(value)})`;
}

/** Reads, defaults and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Environment = process.env): AppConfig {
  const raw = withDefaults(env);
  const known = Object.keys(new AppConfigKeys());
  const plain = Object.fromEntries(known.map((name) => [name, raw[name]]));
  const config = plainToInstance(AppConfig, plain);
  const problems = validateSync(config, { forbidUnknownValues: true }).map((error) => {
    const message = [...new Set(Object.values(error.constraints ?? {}))].join('; ') || `${error.property} is invalid`;
    return `${message}${describeValue(error.property, error.value)}`;
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** The list of variable names, kept in step with AppConfig by the compiler. */
class AppConfigKeys implements Record<keyof AppConfig, undefined> {
  NODE_ENV = undefined;
  PORT = undefined;
  DATABASE_PATH = undefined;
  DATABASE_URL = undefined;
  DATABASE_SCHEMA = undefined;
  MIGRATIONS_RUN = undefined;
  REDIS_URL = undefined;
  DATA_DIR = undefined;
  BASE_URL = undefined;
  OPEN_URL = undefined;
  SIGN_URL = undefined;
  CDN_URL = undefined;
  ADMIN_TOKEN = undefined;
  TRUST_PROXY_HEADERS = undefined;
  LOG_LEVEL = undefined;
  RATE_LIMIT_PER_MINUTE = undefined;
  ACCESS_TOKEN_TTL_SECONDS = undefined;
  FLOW_TTL_SECONDS = undefined;
  DOCUMENT_TTL_SECONDS = undefined;
  MAX_FILE_BYTES = undefined;
  POLL_HOLD_SECONDS = undefined;
  EXPIRY_SWEEP_SECONDS = undefined;
  ALLOW_PRIVATE_URLS = undefined;
  ALLOW_INSECURE_URLS = undefined;
  WEBHOOK_RETRY_SCHEDULE = undefined;
  FREE_MONTHLY_ALLOWANCE = undefined;
  PRICE_AUTHENTICATION = undefined;
  PRICE_SIGNATURE = undefined;
}
