import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IService } from 'kubernetes-models/v1/Service';
import { METRICS_PORT, NAME, PUBLIC_HOST, TLS_SECRET, labels } from './names';

/** idflow's pods, the server's and the migrations Job's: both reach the database, neither is reached but by these. */
const idflowPods = { matchLabels: { 'app.kubernetes.io/name': NAME } };

/** The ingress controller and Prometheus, as their usual installations label them; see docs/operations.md. */
export const INGRESS_CONTROLLER = {
  namespace: 'ingress-nginx',
  pods: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
export const PROMETHEUS = {
  namespace: 'monitoring',
  pods: { 'app.kubernetes.io/name': 'prometheus' },
};

const inNamespace = (namespace: string, pods: Record<string, string>) => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
  podSelector: { matchLabels: pods },
});

/**
 * Addresses outbound calls may not reach: private, shared and link-local ranges (cloud metadata among them), as
 * idflow's own outbound guard refuses them too. The cluster's own services are allowed by name, port by port.
 */
export const PRIVATE_RANGES = {
  ipv4: ['10.0.0.0/8', '100.64.0.0/10', '169.254.0.0/16', '172.16.0.0/12', '192.168.0.0/16'],
  ipv6: ['fc00::/7', 'fe80::/10'],
};

export function service(): IService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: NAME, labels: labels('server') },
    spec: {
      selector: labels('server'),
      ports: [
        { name: 'http', port: 80, targetPort: 'http' },
        { name: 'metrics', port: METRICS_PORT, targetPort: 'metrics' },
      ],
    },
  };
}

/**
 * The controller keeps streams and held polls open as long as idflow does (a flow's stream lasts up to its lifetime,
 * FLOW_TTL_SECONDS) and passes them on unbuffered; idflow also asks nginx not to buffer them (`x-accel-buffering`).
 */
export function ingress(): IIngress {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name: NAME,
      labels: labels('server'),
      annotations: {
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
        'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
      },
    },
    spec: {
      ingressClassName: 'nginx',
      tls: [{ hosts: [PUBLIC_HOST], secretName: TLS_SECRET }],
      rules: [
        {
          host: PUBLIC_HOST,
          http: {
            paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: NAME, port: { name: 'http' } } } }],
          },
        },
      ],
    },
  };
}

/**
 * Requests from the ingress controller only (so that it alone may set the client-IP header idflow believes), scrapes
 * from Prometheus; out: DNS, and HTTP(S) to public addresses for every outbound call idflow makes (webhooks, document
 * downloads, Web Push, the timestamp authority, OCSP and CRLs, trust lists, OIDC clients' keys, S3).
 */
export function networkPolicy(): INetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: NAME, labels: labels('server') },
    spec: {
      podSelector: idflowPods,
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [inNamespace(INGRESS_CONTROLLER.namespace, INGRESS_CONTROLLER.pods)],
          ports: [{ protocol: 'TCP', port: 'http' }],
        },
        { from: [inNamespace(PROMETHEUS.namespace, PROMETHEUS.pods)], ports: [{ protocol: 'TCP', port: 'metrics' }] },
      ],
      egress: [
        {
          to: [inNamespace('kube-system', { 'k8s-app': 'kube-dns' })],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
        {
          to: [
            { ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES.ipv4 } },
            { ipBlock: { cidr: '::/0', except: PRIVATE_RANGES.ipv6 } },
          ],
          ports: [
            { protocol: 'TCP', port: 443 },
            { protocol: 'TCP', port: 80 },
          ],
        },
      ],
    },
  };
}

/** Scaled out: PostgreSQL and Redis, wherever they run (in the cluster or beside it); narrow `to` to their address. */
export function backendsNetworkPolicy(): INetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: `${NAME}-backends`, labels: labels('server') },
    spec: {
      podSelector: idflowPods,
      policyTypes: ['Egress'],
      egress: [
        {
          ports: [
            { protocol: 'TCP', port: 5432 },
            { protocol: 'TCP', port: 6379 },
          ],
        },
      ],
    },
  };
}
