import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IStatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { NAME, VERSION, labels } from './names';
import { DATA_VOLUME, migrationContainer, podTemplate, serverContainer } from './pod-template';

const serverSelector = { matchLabels: labels('server') };

/** Scaled out: identical instances, one more started before one is stopped, never fewer serving than asked for. */
export function deployment(): IDeployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: NAME, labels: labels('server') },
    spec: {
      // No replicas: the HorizontalPodAutoscaler owns the count, and an apply would otherwise reset it.
      selector: serverSelector,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: podTemplate({
        component: 'server',
        container: serverContainer('scaled'),
        // Instances on different nodes where the cluster has them, so that losing a node stops as few as it can.
        extra: {
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: serverSelector,
            },
          ],
        },
      }),
    },
  };
}

/**
 * The embedded default for a pilot: one instance on its own volume (SQLite and files). A StatefulSet stops the old
 * instance before it starts the new one, so two processes never open the one SQLite file.
 */
export function statefulSet(): IStatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: NAME, labels: labels('server') },
    spec: {
      replicas: 1,
      serviceName: NAME,
      selector: serverSelector,
      template: podTemplate({ component: 'server', container: serverContainer('embedded'), dataOnClaim: true }),
      volumeClaimTemplates: [
        {
          metadata: { name: DATA_VOLUME },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } },
        },
      ],
    },
  };
}

/**
 * The release step, before the rollout (docs/operations.md, Kubernetes). Named for the version, so that the next
 * release's Job is a new object rather than a change to this one, which Kubernetes refuses.
 */
export function migrationsJob(): IJob {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: `${NAME}-migrations-${VERSION.replace(/\./g, '-')}`, labels: labels('migrations') },
    spec: {
      backoffLimit: 3,
      activeDeadlineSeconds: 600,
      ttlSecondsAfterFinished: 7 * 86_400,
      template: podTemplate({
        component: 'migrations',
        container: migrationContainer(),
        extra: { restartPolicy: 'Never' },
      }),
    },
  };
}

/**
 * One instance at a time may be evicted (a node drained): its streams and polls end with a reconnect hint and resume
 * on the others. Pods that are not ready may always go, so that a broken one never blocks a drain.
 */
export function podDisruptionBudget(): IPodDisruptionBudget {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: NAME, labels: labels('server') },
    spec: { maxUnavailable: 1, selector: serverSelector, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
  };
}

/**
 * Event streams and held polls an instance holds at once, on average, before another is added: half of what one app
 * may hold on one instance (STREAMS_PER_APP, 1000), so that an app's streams spread before one instance refuses them.
 */
export const HELD_CONNECTIONS_PER_POD = 500;
/** The two gauges idflow exports for what it holds open (docs/operations.md, Metrics). */
export const HELD_CONNECTION_METRICS = ['idflow_sse_streams_open', 'idflow_held_polls'];

/**
 * On CPU, and on what CPU does not show: held streams and polls cost memory and connections, not cycles. Scaling down
 * removes one instance at a time, two minutes apart, so that the streams and polls it ends (each told to reconnect)
 * settle on the others before the next goes; after five minutes of lower load only.
 */
export function horizontalPodAutoscaler(): IHorizontalPodAutoscaler {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: NAME, labels: labels('server') },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: NAME },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        ...HELD_CONNECTION_METRICS.map((metric) => ({
          type: 'Pods',
          pods: {
            metric: { name: metric },
            target: { type: 'AverageValue', averageValue: String(HELD_CONNECTIONS_PER_POD) },
          },
        })),
      ],
      behavior: {
        scaleUp: { stabilizationWindowSeconds: 0, policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] },
        scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 120 }] },
      },
    },
  };
}
