import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { KubernetesObject } from '../../deploy/kubernetes/source/manifest-tree';

const NODE_MODULES = join(__dirname, '..', '..', 'node_modules');

/**
 * Where the models of each API group live: kubernetes-models (the OpenAPI schemas of Kubernetes 1.36, compiled into
 * validators) and its prometheus-operator package (the ServiceMonitor CRD's own schema).
 */
function modelFile({ apiVersion, kind }: KubernetesObject): string {
  const crd = apiVersion.startsWith('monitoring.coreos.com/');
  const path = crd
    ? join(NODE_MODULES, '@kubernetes-models', 'prometheus-operator', apiVersion, `${kind}.js`)
    : join(NODE_MODULES, 'kubernetes-models', apiVersion, `${kind}.js`);
  if (!existsSync(path)) throw new Error(`no schema for ${apiVersion} ${kind}`);
  return path;
}

type Model = new (data: object) => { validate(): void };

/**
 * Throws, with the schema's complaints, when the object is not a valid `kind` of its `apiVersion`. The packages export
 * their models to ESM `import` only, so each file is loaded by its path (Node's require of an ES module).
 */
export function validateAgainstSchema(object: KubernetesObject): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const models = require(modelFile(object)) as Record<string, Model>;
  new models[object.kind](object).validate();
}
