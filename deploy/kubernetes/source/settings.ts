import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import { SETTINGS, type SettingName } from '../../../src/config/settings';
import { DATA_PATH, HTTP_PORT, METRICS_PORT, METRICS_SECRET, METRICS_SECRET_KEY, PUBLIC_HOST, SECRETS } from './names';

export type Shape = 'embedded' | 'scaled';

/**
 * How long an instance keeps serving after Kubernetes has begun to stop it, before it is sent SIGTERM: the endpoint and
 * ingress controllers take it out of rotation meanwhile, so no new request is sent to an instance that has stopped
 * accepting them.
 */
export const PRE_STOP_SECONDS = 5;
/** idflow's own drain bound (SHUTDOWN_GRACE_SECONDS, its default): streams ended, polls answered, work written. */
export const SHUTDOWN_GRACE_SECONDS = 10;
/** Past both, with room for the process to exit: Kubernetes never kills an instance that is still draining. */
export const TERMINATION_GRACE_SECONDS = PRE_STOP_SECONDS + SHUTDOWN_GRACE_SECONDS + 5;

type Settings = Partial<Record<SettingName, string>>;

/** What both shapes set; every setting not named here or in a Secret keeps its default (docs/configuration.md). */
export const SHARED_SETTINGS: Settings = {
  NODE_ENV: 'production',
  PORT: String(HTTP_PORT),
  LOG_FORMAT: 'json',
  BASE_URL: `https://${PUBLIC_HOST}`,
  DATA_DIR: DATA_PATH,
  SHUTDOWN_GRACE_SECONDS: String(SHUTDOWN_GRACE_SECONDS),
  // Pod addresses are private: only the ingress controller may connect (the NetworkPolicy), so only it is believed.
  TRUSTED_PROXIES: 'uniquelocal',
  // The header nginx- and Traefik-based ingress controllers overwrite with the peer on every request.
  CLIENT_IP_HEADERS: 'x-real-ip',
  METRICS_PORT: String(METRICS_PORT),
};

/** Where each shape keeps its data: SQLite and files on the StatefulSet's volume, or the shared stores. */
export const STORAGE_SETTINGS: Record<Shape, Settings> = {
  embedded: {},
  scaled: {
    // The migrations Job migrates before a rollout; the instances only use the schema.
    MIGRATIONS_RUN: 'false',
    FILE_STORAGE: 's3',
    S3_BUCKET: 'idflow-documents',
    S3_ENDPOINT: 'https://s3.example.com',
    S3_REGION: 'us-east-1',
  },
};

/** The secret settings each shape cannot start without; the others are referenced as optional. */
const REQUIRED_SECRETS: Record<Shape, SettingName[]> = {
  embedded: [],
  scaled: ['DATABASE_URL', 'REDIS_URL', 'KEY_ENCRYPTION_KEY'],
};

/**
 * Secret settings of the shared stores, which the embedded shape does not reference: one Secret made for both shapes
 * must not turn the pilot into a client of PostgreSQL.
 */
const STORE_SECRETS: SettingName[] = ['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

/** Every setting the config marks secret that the shape reads, in the order SETTINGS lists them. */
const secretSettings = (shape: Shape) =>
  (Object.keys(SETTINGS) as SettingName[]).filter(
    (name) => SETTINGS[name].secret && (shape === 'scaled' || !STORE_SECRETS.includes(name)),
  );

/** One environment variable per secret setting, each from a key of the same name (METRICS_TOKEN from its own Secret). */
export function secretEnvironment(shape: Shape): IEnvVar[] {
  return secretSettings(shape).map((name) => ({
    name,
    valueFrom: {
      secretKeyRef:
        name === 'METRICS_TOKEN'
          ? { name: METRICS_SECRET, key: METRICS_SECRET_KEY }
          : { name: SECRETS, key: name, ...(REQUIRED_SECRETS[shape].includes(name) ? {} : { optional: true }) },
    },
  }));
}
