import { CLAIM_CATALOG, CLAIM_KEYS, ClaimGroup } from '../claims/claim-catalog';
import { NIN_WITHOUT_DIGITAL_ID, TEST_PERSONS, TEST_PERSONS_WITH_DIGITAL_ID } from './test-persons';

const isFilled = (value: unknown): boolean => {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0 && value.every(isFilled);
  if (typeof value === 'object') return Object.keys(value).length > 0 && Object.values(value).every(isFilled);
  return true;
};

describe('sandbox test persons', () => {
  it('has at least three holders with a digital ID and one without', () => {
    expect(TEST_PERSONS_WITH_DIGITAL_ID.length).toBeGreaterThanOrEqual(3);
    expect(TEST_PERSONS_WITH_DIGITAL_ID).not.toContain(NIN_WITHOUT_DIGITAL_ID);
    const nins = TEST_PERSONS.map((person) => person.nin);
    expect([...nins].sort()).toEqual([...TEST_PERSONS_WITH_DIGITAL_ID, NIN_WITHOUT_DIGITAL_ID].sort());
  });

  it('uses distinct NINs of exactly 11 digits', () => {
    const nins = TEST_PERSONS.map((person) => person.nin);
    for (const nin of nins) expect(nin).toMatch(/^\d{11}$/);
    expect(new Set(nins).size).toBe(nins.length);
  });

  it.each(TEST_PERSONS.map((person) => [person.nin, person] as const))(
    'fills every catalog claim for %s, nested by group then name',
    (_, person) => {
      expect(Object.keys(person.claims).sort()).toEqual(Object.keys(CLAIM_CATALOG).sort());
      for (const key of CLAIM_KEYS) {
        const [group, name] = key.split('.') as [ClaimGroup, string];
        expect({ key, filled: isFilled((person.claims[group] as Record<string, unknown>)[name]) }).toEqual({
          key,
          filled: true,
        });
      }
      for (const group of Object.keys(CLAIM_CATALOG) as ClaimGroup[]) {
        expect(Object.keys(person.claims[group]).sort()).toEqual([...CLAIM_CATALOG[group]].sort());
      }
    },
  );

  it('names each person by their naming.name claim', () => {
    for (const person of TEST_PERSONS) {
      expect(person.name).toBe(person.claims.naming.name);
      expect(person.name).toBe(`${person.claims.naming.given} ${person.claims.naming.family}`);
    }
  });
});
