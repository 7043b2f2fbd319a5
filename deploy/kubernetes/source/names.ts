import { version } from '../../../package.json';

/** What every object is called and labelled, so that selectors, references and the docs agree. */
export const NAME = 'idflow';
export const VERSION = version;
/** The image a platform team replaces with its own registry's (`images:` in its kustomization). */
export const IMAGE = `${NAME}:${VERSION}`;

export const SETTINGS_CONFIG_MAP = 'idflow-settings';
/** Settings of one shape only: where the scaled overlay keeps its data. */
export const STORAGE_CONFIG_MAP = 'idflow-storage';
/** Every secret setting of the service, one key each; made by the operator, never in these manifests. */
export const SECRETS = 'idflow-secrets';
/** METRICS_TOKEN alone, under `token`: Prometheus reads this Secret, and no other secret of the service. */
export const METRICS_SECRET = 'idflow-metrics';
export const METRICS_SECRET_KEY = 'token';
/** Optional files the settings may point at (a seal PKCS#12, verifier certificates, trust lists), read-only. */
export const FILES_SECRET = 'idflow-files';
export const FILES_PATH = '/etc/idflow';
export const TLS_SECRET = 'idflow-tls';

/** The public host of the Ingress; BASE_URL says the same. */
export const PUBLIC_HOST = 'idflow.example.com';

export const HTTP_PORT = 3000;
export const METRICS_PORT = 9464;
/** The user the Dockerfile makes (`useradd --uid 10001`). */
export const RUN_AS_USER = 10001;
export const DATA_PATH = '/var/lib/idflow';

export const LIVENESS_PATH = '/api/health/live';
export const READINESS_PATH = '/api/health/ready';

export type Component = 'server' | 'migrations';

/** The labels of idflow's pods; the Service, PDB and HPA select the server's alone. */
export function labels(component: Component): Record<string, string> {
  return { 'app.kubernetes.io/name': NAME, 'app.kubernetes.io/component': component };
}
