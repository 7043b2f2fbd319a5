import { type MetadataStorage, getMetadataStorage } from 'class-validator';

type TargetLookup = MetadataStorage['getTargetValidationMetadatas'];
type TargetMetadatas = ReturnType<TargetLookup>;

/** The storages whose look-up is already cached: the cache goes in once, whoever asks first. */
const cachedStorages = new WeakSet<MetadataStorage>();

/**
 * A departure from stock class-validator, kept for what it saves. To validate an object, class-validator looks up the
 * rules of its class (`getTargetValidationMetadatas`), and that look-up tests every class that has rules, idflow's
 * hundreds of DTOs, for being an ancestor of it (`instanceof`), on every call: once per validated object, and once more
 * in the ValidationPipe's check for binary values in nested objects (class-validator's open issue 2686). The rules of a
 * class are complete once the class is defined, before anything can be validated against it, so its answer is kept
 * per class and per options. Adding a rule (a class defined later, as tests do) empties the cache.
 *
 * The look-up was 80k of a same-device create's 1,400k instructions (5.7%) and 34k of a ping's 712k (callgrind); with
 * the cache `npm run bench:instructions -- --no-build --against DIR --only "pipeline POST,ping,identification
 * same-device" --requests 1000 --warmup 2000 --idle 5` (DIR the build before it) counted 1,272,623 a create against
 * 1,339,244 (docs/performance.md).
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage();
  if (cachedStorages.has(storage)) return;
  cachedStorages.add(storage);
  const lookUp: TargetLookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let answers = new WeakMap<object, Map<string, TargetMetadatas>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let byOptions = answers.get(target);
    if (!byOptions) answers.set(target, (byOptions = new Map<string, TargetMetadatas>()));
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = lookUp(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
  storage.addValidationMetadata = (metadata) => {
    answers = new WeakMap();
    add(metadata);
  };
}
