import type { MetadataStorage } from 'class-validator';

type TargetMetadatas = MetadataStorage['getTargetValidationMetadatas'];

/** Every app an e2e run creates configures the one storage of the process: it is wrapped once. */
const cached = new WeakSet<MetadataStorage>();

/**
 * Answers class-validator's question "which rules apply to this class" from a cache. class-validator works the answer
 * out again for every object it validates, and for inherited rules it tries every class that has rules of its own,
 * every DTO of the service, on every create and ping (docs/performance.md). The rules of a class are fixed once its
 * module has loaded, so the answer is too; the cache starts again whenever a rule or a constraint is added after all.
 */
export function cacheValidationMetadata(storage: MetadataStorage): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const compute = storage.getTargetValidationMetadatas.bind(storage);
  const answers = new Map<unknown, Map<string, ReturnType<TargetMetadatas>>>();
  const lookUp: TargetMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000')}`;
    let byOptions = answers.get(target);
    if (!byOptions) answers.set(target, (byOptions = new Map<string, ReturnType<TargetMetadatas>>()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = compute(target, schema, always, strictGroups, groups)));
    // A copy: a caller may change the array it is given, never the cached one.
    return [...found];
  };
  storage.getTargetValidationMetadatas = lookUp;
  for (const add of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const original = storage[add].bind(storage) as (metadata: unknown) => void;
    (storage[add] as (metadata: unknown) => void) = (metadata) => {
      answers.clear();
      original(metadata);
    };
  }
}
