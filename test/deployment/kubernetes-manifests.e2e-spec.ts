import { readFileSync, readdirSync } from 'node:fs';
import { version } from '../../package.json';
import { join } from 'node:path';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { KUBERNETES_DIR, formattedManifestFiles } from '../../deploy/kubernetes/source/formatted-files';
import { GENERATED_HEADER } from '../../deploy/kubernetes/source/manifest-tree';
import { MIGRATION_COMMAND } from '../../deploy/kubernetes/source/pod-template';
import { loadConfig } from '../../src/config/load-config';
import { SETTINGS } from '../../src/config/settings';
import { readRepoFile } from '../support/compose-file';
import { Dockerfile } from '../support/dockerfile';
import {
  OVERLAYS,
  type RenderedObject,
  containerEnvironment,
  findObject,
  objectId,
  operatorSecrets,
  podTemplates,
  renderKustomization,
} from '../support/kustomization';
import { validateAgainstSchema } from '../support/kubernetes-schemas';
import { TestApp, createTestApp } from '../support/test-app';

const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, renderKustomization(overlay)]));
const everyPodTemplate = OVERLAYS.flatMap((overlay) =>
  podTemplates(rendered[overlay]).map(([id, template]) => [`${overlay}: ${id}`, template] as const),
);
const containersOf = (template: IPodTemplateSpec) => template.spec?.containers ?? [];
/** Each container with the objects of its overlay, whose ConfigMaps give it its settings. */
const everyContainer = OVERLAYS.flatMap((overlay) =>
  podTemplates(rendered[overlay]).flatMap(([id, template]) =>
    containersOf(template).map((container) => ({ overlay, id, container, objects: rendered[overlay] })),
  ),
);
const serverOf = (overlay: string) =>
  containersOf(podTemplates(rendered[overlay]).find(([id]) => !id.startsWith('Job/'))?.[1] as IPodTemplateSpec)[0];

/** Every YAML file of deploy/kubernetes/ but the source's. */
function committedFiles(): string[] {
  return readdirSync(KUBERNETES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.yaml') && !path.startsWith('source'))
    .sort();
}

describe('the Kubernetes manifests (deploy/kubernetes/), checked without a cluster', () => {
  it('are exactly what deploy/kubernetes/source/ generates, and every overlay renders', async () => {
    const generated = await formattedManifestFiles();
    expect(committedFiles()).toEqual([...generated.keys()].sort());
    for (const [path, text] of generated) {
      expect({ path, text: readFileSync(join(KUBERNETES_DIR, path), 'utf8') }).toEqual({ path, text });
      expect(text.startsWith(GENERATED_HEADER)).toBe(true);
    }
    expect(Object.fromEntries(OVERLAYS.map((overlay) => [overlay, rendered[overlay].map(objectId).sort()]))).toEqual({
      'overlays/embedded': expect.arrayContaining(['StatefulSet/idflow', 'Service/idflow', 'Ingress/idflow']),
      'overlays/scaled': expect.arrayContaining(['Deployment/idflow', 'HorizontalPodAutoscaler/idflow']),
      'overlays/scaled/migrations': expect.arrayContaining([`Job/idflow-migrations-${version.replace(/\./g, '-')}`]),
    });
  });

  it('validates every object against the Kubernetes 1.36 API schemas, the ServiceMonitor against its CRD', () => {
    for (const object of OVERLAYS.flatMap((overlay) => rendered[overlay])) {
      expect(() => validateAgainstSchema(object)).not.toThrow();
    }
    // The schemas do refuse: a Deployment without a selector, a ServiceMonitor endpoint with a number for a port name.
    const deployment = findObject(rendered['overlays/scaled'], 'Deployment');
    const { selector: _selector, ...withoutSelector } = deployment.spec as Record<string, unknown>;
    expect(() => validateAgainstSchema({ ...deployment, spec: withoutSelector } as RenderedObject)).toThrow(/selector/);
    const monitor = findObject<{ spec: { endpoints: object[] } }>(rendered['overlays/scaled'], 'ServiceMonitor');
    const badPort = { ...monitor, spec: { ...monitor.spec, endpoints: [{ port: 9464 }] } } as unknown as RenderedObject;
    expect(() => validateAgainstSchema(badPort)).toThrow(/port/);
  });

  it.each(everyPodTemplate)(
    '%s runs as the image user, non-root, read-only, without capabilities, under RuntimeDefault',
    (_, template) => {
      const uid = /--uid (\d+)/.exec(Dockerfile.read().runtime.runs.join('\n'))?.[1];
      expect(template.spec?.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: Number(uid),
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(template.spec?.automountServiceAccountToken).toBe(false);
      for (const container of containersOf(template)) {
        expect(container.securityContext).toEqual({
          runAsNonRoot: true,
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.resources).toEqual({
          requests: { cpu: expect.any(String), memory: expect.any(String) },
          limits: { cpu: expect.any(String), memory: expect.any(String) },
        });
      }
    },
  );

  it.each(everyContainer.map((entry) => [`${entry.overlay}: ${entry.id}`, entry] as const))(
    '%s writes only to volumes: DATA_DIR and the temporary directory',
    (_, { container, objects }) => {
      const environment = containerEnvironment(objects, container, operatorSecrets());
      const mounts = (container.volumeMounts ?? []).filter((mount) => !mount.readOnly).map((mount) => mount.mountPath);
      expect(mounts.sort()).toEqual([environment.DATA_DIR, '/tmp'].sort());
    },
  );

  describe('settings', () => {
    const secretSettings = Object.entries(SETTINGS)
      .filter(([, setting]) => setting.secret)
      .map(([name]) => name);
    /** What the embedded shape must not read: the shared stores' addresses and keys. */
    const storeSecrets = ['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    const secretsOf = (overlay: string) =>
      overlay.startsWith('overlays/scaled')
        ? secretSettings
        : secretSettings.filter((name) => !storeSecrets.includes(name));

    it.each(everyContainer.map((entry) => [`${entry.overlay}: ${entry.id}`, entry] as const))(
      '%s: every variable is a setting, every secret setting comes from a Secret, and the config loads',
      (_, { overlay, container, objects }) => {
        const fromConfigMaps = (container.envFrom ?? []).flatMap((source) =>
          Object.keys(findObject<{ data: object }>(objects, 'ConfigMap', source.configMapRef?.name).data),
        );
        const fromSecrets = (container.env ?? []).filter((variable) => variable.valueFrom?.secretKeyRef);
        for (const name of [...fromConfigMaps, ...(container.env ?? []).map((variable) => variable.name)]) {
          expect({ name, declared: name in SETTINGS }).toEqual({ name, declared: true });
        }
        expect(fromSecrets.map((variable) => variable.name).sort()).toEqual(secretsOf(overlay).sort());
        expect(fromConfigMaps.filter((name) => secretSettings.includes(name))).toEqual([]);
        // Every setting the manifests leave out keeps its default (docs/configuration.md): the start does not stop. The
        // Secrets hold every key, as one made for both shapes would.
        const config = loadConfig(containerEnvironment(objects, container, operatorSecrets()));
        if (overlay.startsWith('overlays/scaled')) {
          expect(config).toMatchObject({ FILE_STORAGE: 's3', MIGRATIONS_RUN: false, REDIS_URL: expect.any(String) });
        } else {
          expect({ storage: config.FILE_STORAGE, database: config.DATABASE_URL }).toEqual({ storage: 'local' });
        }
      },
    );

    it('names every Secret key in docs/operations.md, and the scaled overlay refuses to start without its stores', () => {
      const page = readRepoFile('docs/operations.md');
      const section = page.slice(page.indexOf('## Kubernetes'));
      for (const name of secretSettings) expect(section).toContain(`\`${name}\``);
      // Kubernetes does not start a container whose required key is missing: the scaled shape never falls back to SQLite.
      const required = (serverOf('overlays/scaled').env ?? [])
        .filter((variable) => variable.valueFrom?.secretKeyRef && !variable.valueFrom.secretKeyRef.optional)
        .map((variable) => variable.name);
      expect(required).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'KEY_ENCRYPTION_KEY']));
    });
  });

  describe('the probes, the drain, the metrics and the routing', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: 'kubernetes-metrics-token-0123' } });
    });
    afterAll(() => t.close());

    it.each(OVERLAYS.filter((overlay) => !overlay.endsWith('migrations')))(
      '%s probes routes the app answers without credentials',
      async (overlay) => {
        const container = serverOf(overlay);
        const probes = [container.startupProbe, container.livenessProbe, container.readinessProbe];
        const paths = probes.map((probe) => probe?.httpGet?.path as string);
        expect(paths).toEqual(['/api/health/live', '/api/health/live', '/api/health/ready']);
        for (const probe of probes) {
          expect(container.ports?.map((port) => port.name)).toContain(probe?.httpGet?.port);
        }
        for (const path of paths) await t.http().get(path).expect(200);
      },
    );

    it.each(OVERLAYS.filter((overlay) => !overlay.endsWith('migrations')))(
      '%s lets an instance leave rotation, then drain, before Kubernetes would kill it',
      (overlay) => {
        const template = podTemplates(rendered[overlay])[0][1];
        const container = serverOf(overlay);
        const { SHUTDOWN_GRACE_SECONDS } = loadConfig(
          containerEnvironment(rendered[overlay], container, operatorSecrets()),
        );
        const preStop = container.lifecycle?.preStop?.sleep?.seconds as number;
        expect(preStop).toBeGreaterThan(0);
        expect(template.spec?.terminationGracePeriodSeconds).toBeGreaterThan(preStop + SHUTDOWN_GRACE_SECONDS);
      },
    );

    it('scales on gauges idflow exports, scrapes the port that serves them, and routes to the pods it selects', async () => {
      const objects = rendered['overlays/scaled'];
      const metrics = await t
        .http()
        .get('/metrics')
        .set('authorization', 'Bearer kubernetes-metrics-token-0123')
        .expect(200);
      const hpa = findObject<{ spec: { metrics: Array<{ pods?: { metric: { name: string } } }> } }>(
        objects,
        'HorizontalPodAutoscaler',
      );
      const custom = hpa.spec.metrics.flatMap((metric) => (metric.pods ? [metric.pods.metric.name] : []));
      expect(custom.length).toBeGreaterThan(0);
      for (const name of custom) expect(metrics.text).toMatch(new RegExp(`^${name} \\d+$`, 'm'));

      const server = serverOf('overlays/scaled');
      const environment = containerEnvironment(objects, server, operatorSecrets());
      const service = findObject<{ spec: { selector: object; ports: Array<{ name: string; targetPort: string }> } }>(
        objects,
        'Service',
      );
      const deployment = findObject<{ spec: { template: IPodTemplateSpec } }>(objects, 'Deployment');
      expect(deployment.spec.template.metadata?.labels).toMatchObject(service.spec.selector);
      const containerPort = (name: string) => server.ports?.find((port) => port.name === name)?.containerPort;
      expect(containerPort('metrics')).toBe(Number(environment.METRICS_PORT));
      expect(containerPort('http')).toBe(Number(environment.PORT));
      for (const port of service.spec.ports) expect(containerPort(port.targetPort)).toBeDefined();
      const monitor = findObject<{
        spec: { endpoints: Array<{ port: string; path: string; authorization: { credentials: object } }> };
      }>(objects, 'ServiceMonitor');
      expect(monitor.spec.endpoints.map(({ port, path }) => [port, path])).toEqual([['metrics', '/metrics']]);
      // Prometheus presents the very token the instances check.
      const token = server.env?.find((variable) => variable.name === 'METRICS_TOKEN')?.valueFrom?.secretKeyRef;
      expect(monitor.spec.endpoints[0].authorization.credentials).toEqual({ name: token?.name, key: token?.key });
      const policy = findObject<{ spec: { ingress: Array<{ ports: Array<{ port: string }> }> } }>(
        objects,
        'NetworkPolicy',
        'idflow',
      );
      for (const rule of policy.spec.ingress) {
        for (const { port } of rule.ports) expect(containerPort(port)).toBeDefined();
      }
      expect(service.spec.ports.map((port) => port.name)).toContain('metrics');

      const ingress = findObject<{ spec: { rules: Array<{ host: string }> } }>(objects, 'Ingress');
      expect(ingress.spec.rules.map((rule) => `https://${rule.host}`)).toEqual([environment.BASE_URL]);
    });
  });

  it('migrates with the release step docs/operations.md names, in the image the instances run', () => {
    const job = podTemplates(rendered['overlays/scaled/migrations']).find(([id]) => id.startsWith('Job/'))?.[1];
    const [migrations] = containersOf(job as IPodTemplateSpec);
    expect(readRepoFile('docs/operations.md')).toContain(MIGRATION_COMMAND.join(' '));
    expect(migrations.command).toEqual(MIGRATION_COMMAND);
    expect(migrations.image).toBe(serverOf('overlays/scaled').image);
    expect(job?.spec?.restartPolicy).toBe('Never');
  });
});
