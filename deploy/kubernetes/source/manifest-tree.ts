import { stringify } from 'yaml';
import { settingsConfigMap, storageConfigMap } from './config-maps';
import { serviceMonitor } from './monitoring';
import { backendsNetworkPolicy, ingress, networkPolicy, service } from './network';
import { deployment, horizontalPodAutoscaler, migrationsJob, podDisruptionBudget, statefulSet } from './workloads';

/** Any Kubernetes object: what a file of the tree holds. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string };
}

/** One kustomization: the directories it builds on, and the objects of its own, a file each. */
export interface Kustomization {
  bases: string[];
  objects: KubernetesObject[];
}

/**
 * deploy/kubernetes/, directory by directory. Each kustomization only lists resources (no patches, no generators), so
 * `kubectl apply -k` on any version of kustomize applies exactly the objects in these files.
 */
export function manifestTree(): Record<string, Kustomization> {
  const scaledPrerequisites = [storageConfigMap(), backendsNetworkPolicy()];
  return {
    base: { bases: [], objects: [settingsConfigMap(), service(), ingress(), networkPolicy(), serviceMonitor()] },
    'overlays/embedded': { bases: ['../../base'], objects: [statefulSet()] },
    'overlays/scaled': {
      bases: ['../../base'],
      objects: [...scaledPrerequisites, deployment(), horizontalPodAutoscaler(), podDisruptionBudget()],
    },
    // Applied and waited for before overlays/scaled at every release: what the Job needs, and the Job.
    'overlays/scaled/migrations': { bases: ['../../../base'], objects: [...scaledPrerequisites, migrationsJob()] },
  };
}

export const GENERATED_HEADER =
  '# Generated from deploy/kubernetes/source/ by `npm run kubernetes:write`: change the source, not this file.\n';

export const objectFileName = (object: KubernetesObject) =>
  `${object.kind.toLowerCase()}-${object.metadata?.name ?? ''}.yaml`;

const yamlFile = (content: object) => `${GENERATED_HEADER}${stringify(content, { lineWidth: 0 })}`;

/** Every file of the tree, by its path under deploy/kubernetes/, as YAML (before prettier formats it). */
export function manifestFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [directory, { bases, objects }] of Object.entries(manifestTree())) {
    const resources = [...bases, ...objects.map(objectFileName)];
    files.set(
      `${directory}/kustomization.yaml`,
      yamlFile({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }),
    );
    for (const object of objects) files.set(`${directory}/${objectFileName(object)}`, yamlFile(object));
  }
  return files;
}
