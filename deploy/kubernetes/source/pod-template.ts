import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { IVolume } from 'kubernetes-models/v1/Volume';
import {
  type Component,
  DATA_PATH,
  FILES_PATH,
  FILES_SECRET,
  HTTP_PORT,
  IMAGE,
  LIVENESS_PATH,
  METRICS_PORT,
  READINESS_PATH,
  RUN_AS_USER,
  SETTINGS_CONFIG_MAP,
  STORAGE_CONFIG_MAP,
  labels,
} from './names';
import { PRE_STOP_SECONDS, type Shape, TERMINATION_GRACE_SECONDS, secretEnvironment } from './settings';

/**
 * Sized from the soak bench (docs/operations.md, Kubernetes): one instance under six loops of mixed traffic used 0.62
 * cores while serving and peaked at 483 MiB RSS (547 MiB in the recorded 15-minute run). The memory limit leaves room
 * for documents in flight (up to MAX_FILE_BYTES each); the CPU limit for the threads that read PDFs.
 */
export const SERVER_RESOURCES = {
  requests: { cpu: '600m', memory: '576Mi' },
  limits: { cpu: '2', memory: '1Gi' },
};
/** The migrations run once, in a process that serves nothing. */
const MIGRATION_RESOURCES = {
  requests: { cpu: '100m', memory: '256Mi' },
  limits: { cpu: '1', memory: '512Mi' },
};

/** The volume DATA_DIR is on: the StatefulSet's claim, or a scratch directory where nothing of value stays. */
export const DATA_VOLUME = 'data';
const TMP_VOLUME = 'tmp';
const FILES_VOLUME = 'files';

/** No privilege the service does not use: a non-root user, no capabilities, a read-only image, the runtime's seccomp. */
const CONTAINER_SECURITY = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/** What both idflow containers share: the image, every setting, and the writable paths of a read-only image. */
function idflowContainer(shape: Shape): IContainer {
  return {
    name: 'idflow',
    image: IMAGE,
    envFrom: [
      { configMapRef: { name: SETTINGS_CONFIG_MAP } },
      ...(shape === 'scaled' ? [{ configMapRef: { name: STORAGE_CONFIG_MAP } }] : []),
    ],
    env: secretEnvironment(shape),
    securityContext: CONTAINER_SECURITY,
    volumeMounts: [
      { name: DATA_VOLUME, mountPath: DATA_PATH },
      // Node's compile cache (src/common/runtime/compile-cache.ts) and the libraries' temporary files.
      { name: TMP_VOLUME, mountPath: '/tmp' },
      { name: FILES_VOLUME, mountPath: FILES_PATH, readOnly: true },
    ],
  };
}

const httpGet = (path: string) => ({ path, port: 'http' });

/** The server: probes on idflow's own health routes, and a pause before SIGTERM while it leaves rotation. */
export function serverContainer(shape: Shape): IContainer {
  return {
    ...idflowContainer(shape),
    ports: [
      { name: 'http', containerPort: HTTP_PORT },
      { name: 'metrics', containerPort: METRICS_PORT },
    ],
    resources: SERVER_RESOURCES,
    // Migrations at start-up (embedded) may take a while on a large database: up to two minutes before liveness counts.
    startupProbe: { httpGet: httpGet(LIVENESS_PATH), periodSeconds: 2, failureThreshold: 60 },
    livenessProbe: { httpGet: httpGet(LIVENESS_PATH), periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 },
    // Not ready while the database (or Redis) does not answer: out of rotation, not restarted.
    readinessProbe: { httpGet: httpGet(READINESS_PATH), periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 },
    lifecycle: { preStop: { sleep: { seconds: PRE_STOP_SECONDS } } },
  };
}

/** The release step of docs/operations.md (Deploying): the compiled TypeORM CLI on the compiled data source. */
export const MIGRATION_COMMAND = ['node', 'node_modules/typeorm/cli.js', 'migration:run', '-d', 'dist/ormconfig.js'];

export function migrationContainer(): IContainer {
  return { ...idflowContainer('scaled'), command: MIGRATION_COMMAND, resources: MIGRATION_RESOURCES };
}

/** The volumes beside DATA_DIR's, which the StatefulSet claims and the others keep as a scratch directory. */
function volumes(dataOnClaim: boolean): IVolume[] {
  return [
    ...(dataOnClaim ? [] : [{ name: DATA_VOLUME, emptyDir: { sizeLimit: '1Gi' } }]),
    { name: TMP_VOLUME, emptyDir: { sizeLimit: '256Mi' } },
    { name: FILES_VOLUME, secret: { secretName: FILES_SECRET, optional: true, defaultMode: 0o440 } },
  ];
}

interface PodOptions {
  component: Component;
  container: IContainer;
  dataOnClaim?: boolean;
  extra?: Partial<IPodSpec>;
}

export function podTemplate({ component, container, dataOnClaim = false, extra = {} }: PodOptions): IPodTemplateSpec {
  return {
    metadata: { labels: labels(component) },
    spec: {
      // idflow calls no Kubernetes API.
      automountServiceAccountToken: false,
      // Service links would add variables to the environment the config reads.
      enableServiceLinks: false,
      securityContext: {
        runAsNonRoot: true,
        runAsUser: RUN_AS_USER,
        runAsGroup: RUN_AS_USER,
        // The claimed volume is made writable for the service's group.
        fsGroup: RUN_AS_USER,
        seccompProfile: { type: 'RuntimeDefault' },
      },
      terminationGracePeriodSeconds: TERMINATION_GRACE_SECONDS,
      containers: [container],
      volumes: volumes(dataOnClaim),
      ...extra,
    },
  };
}
