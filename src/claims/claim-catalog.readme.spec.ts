import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAIM_CATALOG, type ClaimGroup } from './claim-catalog';

describe("README's claim table", () => {
  it('lists every group of the catalog with exactly its keys', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('### The claims you may ask for'),
      readme.indexOf('### Decrypting claims'),
    );
    const rows = new Map(
      [...section.matchAll(/^\| `(\w+)`\s+\|([^|]+)\|/gm)].map(([, group, keys]) => [
        group,
        [...keys.matchAll(/`([\w.]+)`/g)].map(([, key]) => key),
      ]),
    );
    const groups = Object.keys(CLAIM_CATALOG) as ClaimGroup[];
    expect([...rows.keys()]).toEqual(groups);
    for (const group of groups) expect(rows.get(group)).toEqual(CLAIM_CATALOG[group].map((name) => `${group}.${name}`));
  });
});
