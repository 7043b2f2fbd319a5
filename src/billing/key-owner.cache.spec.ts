import type { KeyHolder, TenantsService } from '../tenants/tenants.service';
import { KeyOwnerCache } from './key-owner.cache';

describe('KeyOwnerCache', () => {
  const owner = {
    key: { id: 'key_1' },
    app: { id: 'app_1', environment: 'production', webhookSecret: 'whsec_x' },
    consumer: { id: 'bcn_1' },
  } as unknown as KeyHolder;
  const ids = { consumerId: 'bcn_1', appId: 'app_1', keyId: 'key_1', environment: 'production' };

  function cacheOver(answers: Array<KeyHolder | null | Error>) {
    const asked: string[] = [];
    const tenants = {
      findKeyOwner: async (apiKey: string) => {
        asked.push(apiKey);
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer ?? null;
      },
    } as unknown as TenantsService;
    return { cache: new KeyOwnerCache(tenants), asked };
  }

  it('asks once per key, unknown keys included, and keeps only ids', async () => {
    const { cache, asked } = cacheOver([owner, null]);
    await expect(Promise.all([cache.find('bk-test_a'), cache.find('bk-test_a')])).resolves.toEqual([ids, ids]);
    await expect(cache.find('bk-test_b')).resolves.toBeNull();
    await expect(cache.find('bk-test_b')).resolves.toBeNull();
    expect(asked).toEqual(['bk-test_a', 'bk-test_b']);
  });

  it('asks again after a failed lookup', async () => {
    const { cache, asked } = cacheOver([new Error('database down'), owner]);
    await expect(cache.find('bk-test_a')).rejects.toThrow('database down');
    await expect(cache.find('bk-test_a')).resolves.toEqual(ids);
    expect(asked).toHaveLength(2);
  });
});
