import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import type { KubernetesObject } from '../../deploy/kubernetes/source/manifest-tree';
import { KUBERNETES_DIR } from '../../deploy/kubernetes/source/formatted-files';

/** The fields of a kustomization.yaml the manifests may use: resources alone, which kustomize applies as they are. */
const UNDERSTOOD = new Set(['apiVersion', 'kind', 'resources']);

/** A rendered object: what `kubectl kustomize` prints, one document each. */
export type RenderedObject = KubernetesObject & Record<string, unknown>;

/**
 * `kubectl kustomize <dir>` for the one feature the manifests use: resources, files or other kustomizations, each
 * object once. Anything else (a patch, a generator, a namespace) is refused rather than rendered differently than
 * kustomize would, so the checks below never pass on objects kustomize would not make.
 */
export function renderKustomization(directory: string): RenderedObject[] {
  const root = resolve(KUBERNETES_DIR, directory);
  const kustomization = parse(readFileSync(join(root, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
  const unknown = Object.keys(kustomization).filter((field) => !UNDERSTOOD.has(field));
  if (unknown.length) throw new Error(`${directory}/kustomization.yaml uses ${unknown.join(', ')}: not rendered here`);
  const objects = (kustomization.resources as string[]).flatMap((resource) => {
    const path = join(root, resource);
    if (!existsSync(path)) throw new Error(`${directory}: resource ${resource} does not exist`);
    if (statSync(path).isDirectory()) return renderKustomization(join(directory, resource));
    return parseAllDocuments(readFileSync(path, 'utf8')).map((document) => document.toJS() as RenderedObject);
  });
  const ids = objects.map(objectId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length) throw new Error(`${directory}: ${repeated.join(', ')} more than once (kustomize refuses it)`);
  return objects;
}

export const objectId = (object: KubernetesObject) => `${object.kind}/${object.metadata?.name ?? ''}`;

/** The overlays a platform team applies. */
export const OVERLAYS = ['overlays/embedded', 'overlays/scaled', 'overlays/scaled/migrations'];

/** Every pod template of the objects (Deployment, StatefulSet, Job), by the object's id. */
export function podTemplates(objects: RenderedObject[]): Array<[string, IPodTemplateSpec]> {
  return objects
    .filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind))
    .map((object) => [objectId(object), (object.spec as { template: IPodTemplateSpec }).template]);
}

export function findObject<T = RenderedObject>(objects: RenderedObject[], kind: string, name?: string): T {
  const found = objects.find((object) => object.kind === kind && (!name || object.metadata?.name === name));
  if (!found) throw new Error(`no ${kind}${name ? ` ${name}` : ''} among the rendered objects`);
  return found as T;
}

/**
 * The environment Kubernetes gives the container: its ConfigMaps' data, then its own `env`, each secret key taken from
 * `secrets` (Secret name to its data) and left out when an optional key is missing, as the kubelet does.
 */
export function containerEnvironment(
  objects: RenderedObject[],
  container: IContainer,
  secrets: Record<string, Record<string, string>>,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const name = source.configMapRef?.name as string;
    Object.assign(environment, findObject<{ data: Record<string, string> }>(objects, 'ConfigMap', name).data);
  }
  for (const variable of container.env ?? []) {
    const reference = variable.valueFrom?.secretKeyRef;
    if (!reference) {
      environment[variable.name] = variable.value ?? '';
      continue;
    }
    const value = secrets[reference.name ?? '']?.[reference.key];
    if (value !== undefined) environment[variable.name] = value;
    else if (!reference.optional) throw new Error(`the Secret ${reference.name} has no key ${reference.key}`);
  }
  return environment;
}

/** The Secrets an operator makes (docs/operations.md, Kubernetes), with values of the right shape. */
export function operatorSecrets(idflow: Record<string, string> = {}): Record<string, Record<string, string>> {
  return {
    'idflow-secrets': {
      DATABASE_URL: 'postgres://idflow@postgres.example:5432/idflow',
      REDIS_URL: 'redis://redis.example:6379',
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_TOKEN: randomBytes(24).toString('hex'),
      ...idflow,
    },
    'idflow-metrics': { token: randomBytes(24).toString('hex') },
  };
}
