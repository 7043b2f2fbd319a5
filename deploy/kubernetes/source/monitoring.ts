import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { METRICS_SECRET, METRICS_SECRET_KEY, NAME, labels } from './names';

/** Prometheus (its operator) scrapes every instance on the metrics port, with METRICS_TOKEN as a bearer token. */
export function serviceMonitor(): IServiceMonitor {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: { name: NAME, labels: labels('server') },
    spec: {
      selector: { matchLabels: labels('server') },
      endpoints: [
        {
          port: 'metrics',
          path: '/metrics',
          interval: '30s',
          authorization: { type: 'Bearer', credentials: { name: METRICS_SECRET, key: METRICS_SECRET_KEY } },
        },
      ],
    },
  };
}
