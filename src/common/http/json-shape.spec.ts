import { illFormedStringPath, nestsDeeperThan } from './json-shape';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('nestsDeeperThan', () => {
  it('counts objects and arrays alike, up to and past the bound', () => {
    expect(nestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":[{"b":[[1]]}]}'), 4)).toBe(true);
    expect(nestsDeeperThan(bytes('['.repeat(1500) + ']'.repeat(1500)), 32)).toBe(true);
  });

  it('measures depth, not the number of brackets', () => {
    expect(nestsDeeperThan(bytes('[' + '[],'.repeat(10_000) + '[]]'), 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(bytes(JSON.stringify({ text: '[[[[[[' })), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ text: 'say \\"[[[[ "' })), 1)).toBe(false);
  });
});

describe('illFormedStringPath', () => {
  it('finds a lone surrogate in a value or a key, with its path', () => {
    expect(illFormedStringPath({ signee: [{ email: 'a\ud800@b.co' }] })).toEqual(['signee', 0, 'email']);
    expect(illFormedStringPath({ ok: 'fine', ['k\udc00']: 1 })).toEqual(['k\udc00']);
    expect(illFormedStringPath('\ud800')).toEqual([]);
  });

  it('passes well-formed text, astral characters (surrogate pairs) included', () => {
    expect(illFormedStringPath({ name: 'Åsa 😀', list: [1, null, true, 'ok'] })).toBeNull();
  });
});
