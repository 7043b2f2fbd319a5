import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CITED_DOCUMENTS, brokenReferences, sectionNumbers } from './support/doc-references';
import { describeDatabaseFree } from './support/database-free';

const ROOT = resolve(__dirname, '..');

/** The real documents a fixture holds, so that its citations and links have something to land on. */
const REAL_DOCUMENTS = [...Object.values(CITED_DOCUMENTS), 'docs/architecture.md'];

/** A throwaway repository holding the real cited documents and the given files, each `[path, text]`. */
function fixtureTree(files: Array<[string, string]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'idflow-doc-references-'));
  for (const path of REAL_DOCUMENTS) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    copyFileSync(join(ROOT, path), join(dir, path));
  }
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describeDatabaseFree('references to the interface, the design and other files', () => {
  const fixtures: string[] = [];
  afterAll(() => fixtures.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("number docs/interface.md's sections as the interface specification does, and docs/design.md's 1 to 12", () => {
    expect(sectionNumbers(join(ROOT, CITED_DOCUMENTS.spec))).toEqual(
      '1 2 2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 3 4 4.1 4.2 4.3 4.4 4.5 4.6 5 6 7 8 9'.split(' '),
    );
    expect(sectionNumbers(join(ROOT, CITED_DOCUMENTS.design))).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1)),
    );
  });

  it('all resolve in README.md, docs/, src/ and libs/, README and docs/ link each citation, README every page', () => {
    expect(brokenReferences(ROOT)).toEqual([]);
  });

  it('are reported when a target does not exist, a citation is no link or links elsewhere, or a page is unlinked', () => {
    const dir = fixtureTree([
      [
        'README.md',
        [
          '# Fixture',
          '',
          'Claims are in [spec 2.8](docs/interface.md#28-claims), errors in spec section 7.',
          '',
          'There is no spec 2.9, nor a [DESIGN section 13](docs/design.md#13-more).',
          '',
          'See [the layers](docs/architecture.md#the-layers), [a lost page](docs/missing.md),',
          '[spec 4.3](docs/interface.md#43-sign) and [spec 2.7](docs/interface.md#28-claims).',
          '',
          '## Fixture',
          '',
          '[Back up](#fixture) and [down](#fixture-1).',
        ].join('\n'),
      ],
      [
        'docs/guide.md',
        [
          '# Guide',
          '',
          'Errors are in spec section 7, claims in [spec 2.8](interface.md#28-claims).',
          '',
          'See [the layers](architecture.md#the-layers) and [the front door](../README.md#nowhere).',
        ].join('\n'),
      ],
      ['src/flows/example.ts', '/** The tables of spec sections 4.4 and 4.7. */\nexport const example = 1;\n'],
      ['libs/client/src/example.ts', '// DESIGN section 9, then Spec 10.\nexport const example = 2;\n'],
    ]);
    fixtures.push(dir);

    // The real documents copied in are checked by the test above: their links to pages left out may not resolve here.
    const fromFixture = brokenReferences(dir).filter(
      (line) => !REAL_DOCUMENTS.some((path) => line.startsWith(`${path}:`)),
    );
    expect(fromFixture).toEqual([
      'README.md:5: spec 2.9: docs/interface.md has no section 2.9',
      'README.md:5: design 13: docs/design.md has no section 13',
      'src/flows/example.ts:1: spec 4.7: docs/interface.md has no section 4.7',
      'libs/client/src/example.ts:1: spec 10: docs/interface.md has no section 10',
      'README.md:3: spec 7 should link to docs/interface.md#7-errors',
      'docs/guide.md:3: spec 7 should link to interface.md#7-errors',
      'README.md: docs/guide.md is not linked',
      'README.md:5: [DESIGN section 13](docs/design.md#13-more): docs/design.md has no heading #13-more',
      'README.md:7: [a lost page](docs/missing.md): docs/missing.md does not exist',
      'README.md:7: [spec 4.3](docs/interface.md#43-sign): docs/interface.md has no heading #43-sign',
      'README.md:7: [spec 2.7](docs/interface.md#28-claims) should point to docs/interface.md#27-signees-and-signatures',
      'docs/guide.md:5: [the front door](../README.md#nowhere): README.md has no heading #nowhere',
    ]);
  });
});
