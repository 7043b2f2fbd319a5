import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import { IsHttpUrl } from './is-http-url.validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
  if (['false', '0', 'no', 'off'].includes(normalised)) return false;
  return value;
};

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

const PORT_MESSAGE = 'PORT must be an integer between 0 and 65535';
const RATE_MESSAGE = 'RATE_LIMIT_PER_MINUTE must be a positive integer';
const TTL_MESSAGE = 'ACCESS_TOKEN_TTL_SECONDS must be an integer between 60 and 86400';

const FLOW_TTL_MESSAGE = 'FLOW_TTL_SECONDS must be an integer between 30 and 86400';

const DOCUMENT_TTL_MESSAGE = 'DOCUMENT_TTL_SECONDS must be an integer between 60 and 7776000 (90 days)';
const MAX_FILE_MESSAGE = 'MAX_FILE_BYTES must be an integer between 1024 and 268435456 (256 MiB)';

const POLL_HOLD_MESSAGE = 'POLL_HOLD_SECONDS must be an integer between 1 and 300';
const SWEEP_MESSAGE = 'EXPIRY_SWEEP_SECONDS must be an integer between 1 and 3600';

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** `5,300,1800` -> [5, 300, 1800]; anything that is not a list of numbers is left as it is, for validation to name. */
const toSecondsList = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const parts = value.split(',').map((part) => part.trim());
  return parts.every((part) => /^\d+(\.\d+)?$/.test(part)) ? parts.map(Number) : value;
};

const ALLOWANCE_MESSAGE = 'FREE_MONTHLY_ALLOWANCE must be an integer between 0 and 1000000000';
const priceMessage = (name: string) => `${name} must be an integer between 0 and 1000000000 (minor units)`;

const RETRY_SCHEDULE_MESSAGE =
  'WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of 1 to 20 delays in seconds, each between 0 and 604800';

/**
 * Every setting idflow reads, typed. Property names are the environment variable names so that a validation message
 * names exactly the variable the operator has to fix. Defaults are applied by `loadConfig`.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test';

  @Transform(toInteger)
  @IsInt({ message: PORT_MESSAGE })
  @Min(0, { message: PORT_MESSAGE })
  @Max(65535, { message: PORT_MESSAGE })
  PORT: number;

  @IsString()
  @MinLength(1)
  DATABASE_PATH: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[a-z_][a-z0-9_]*$/, { message: 'DATABASE_SCHEMA must be a lower-case PostgreSQL identifier' })
  DATABASE_SCHEMA?: string;

  @Transform(toBoolean)
  @IsBoolean()
  MIGRATIONS_RUN: boolean;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsString()
  @MinLength(1)
  DATA_DIR: string;

  @IsHttpUrl()
  BASE_URL: string;

  @IsHttpUrl()
  OPEN_URL: string;

  @IsHttpUrl()
  SIGN_URL: string;

  @IsHttpUrl()
  CDN_URL: string;

  /** Bearer token of the admin API; the admin API refuses every call while it is unset. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'ADMIN_TOKEN must be at least 16 characters long' })
  ADMIN_TOKEN?: string;

  @Transform(toBoolean)
  @IsBoolean()
  TRUST_PROXY_HEADERS: boolean;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: LogLevel;

  @Transform(toInteger)
  @IsInt({ message: RATE_MESSAGE })
  @Min(1, { message: RATE_MESSAGE })
  RATE_LIMIT_PER_MINUTE: number;

  @Transform(toInteger)
  @IsInt({ message: TTL_MESSAGE })
  @Min(60, { message: TTL_MESSAGE })
  @Max(86400, { message: TTL_MESSAGE })
  ACCESS_TOKEN_TTL_SECONDS: number;

  @Transform(toInteger)
  @IsInt({ message: FLOW_TTL_MESSAGE })
  @Min(30, { message: FLOW_TTL_MESSAGE })
  @Max(86400, { message: FLOW_TTL_MESSAGE })
  FLOW_TTL_SECONDS: number;

  @Transform(toInteger)
  @IsInt({ message: DOCUMENT_TTL_MESSAGE })
  @Min(60, { message: DOCUMENT_TTL_MESSAGE })
  @Max(7_776_000, { message: DOCUMENT_TTL_MESSAGE })
  DOCUMENT_TTL_SECONDS: number;

  /** The largest file a document flow may download. */
  @Transform(toInteger)
  @IsInt({ message: MAX_FILE_MESSAGE })
  @Min(1024, { message: MAX_FILE_MESSAGE })
  @Max(268_435_456, { message: MAX_FILE_MESSAGE })
  MAX_FILE_BYTES: number;

  @Transform(toInteger)
  @IsInt({ message: POLL_HOLD_MESSAGE })
  @Min(1, { message: POLL_HOLD_MESSAGE })
  @Max(300, { message: POLL_HOLD_MESSAGE })
  POLL_HOLD_SECONDS: number;

  @Transform(toInteger)
  @IsInt({ message: SWEEP_MESSAGE })
  @Min(1, { message: SWEEP_MESSAGE })
  @Max(3600, { message: SWEEP_MESSAGE })
  EXPIRY_SWEEP_SECONDS: number;

  /** Lets outbound requests (webhooks, file downloads) reach loopback and private addresses: local development only. */
  @Transform(toBoolean)
  @IsBoolean()
  ALLOW_PRIVATE_URLS: boolean;

  /** Lets outbound requests use plain http: local development only. */
  @Transform(toBoolean)
  @IsBoolean()
  ALLOW_INSECURE_URLS: boolean;

  /** Seconds to wait before each retry of a failed webhook delivery; after the last one the delivery is failed. */
  @Transform(toSecondsList)
  @IsArray({ message: RETRY_SCHEDULE_MESSAGE })
  @ArrayMinSize(1, { message: RETRY_SCHEDULE_MESSAGE })
  @ArrayMaxSize(20, { message: RETRY_SCHEDULE_MESSAGE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true, message: RETRY_SCHEDULE_MESSAGE })
  @Min(0, { each: true, message: RETRY_SCHEDULE_MESSAGE })
  @Max(604800, { each: true, message: RETRY_SCHEDULE_MESSAGE })
  WEBHOOK_RETRY_SCHEDULE: number[];

  /** Billable calls each consumer makes free per calendar month (UTC) with live keys, before its balance is charged. */
  @Transform(toInteger)
  @IsInt({ message: ALLOWANCE_MESSAGE })
  @Min(0, { message: ALLOWANCE_MESSAGE })
  @Max(1_000_000_000, { message: ALLOWANCE_MESSAGE })
  FREE_MONTHLY_ALLOWANCE: number;

  /** Price of an identification create beyond the allowance, in minor units of the balance. */
  @Transform(toInteger)
  @IsInt({ message: priceMessage('PRICE_AUTHENTICATION') })
  @Min(0, { message: priceMessage('PRICE_AUTHENTICATION') })
  @Max(1_000_000_000, { message: priceMessage('PRICE_AUTHENTICATION') })
  PRICE_AUTHENTICATION: number;

  /** Price of a signing or document create beyond the allowance, in minor units of the balance. */
  @Transform(toInteger)
  @IsInt({ message: priceMessage('PRICE_SIGNATURE') })
  @Min(0, { message: priceMessage('PRICE_SIGNATURE') })
  @Max(1_000_000_000, { message: priceMessage('PRICE_SIGNATURE') })
  PRICE_SIGNATURE: number;
}

/** Settings whose values must never be printed: logs and error messages name them but never show them. */
export const SECRET_SETTINGS: ReadonlySet<keyof AppConfig> = new Set(['ADMIN_TOKEN', 'DATABASE_URL', 'REDIS_URL']);
