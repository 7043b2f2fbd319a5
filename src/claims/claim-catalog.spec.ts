import { SCOPES } from '../tenants/scopes';
import { CLAIM_CATALOG, CLAIM_KEYS, SPECIAL_CLAIM_GROUPS, normaliseClaimKey, scopeRequiredFor } from './claim-catalog';

describe('claim catalog', () => {
  it('holds the keys of spec 2.8 in their spec spelling', () => {
    expect(CLAIM_KEYS).toEqual(
      expect.arrayContaining([
        'bio.maritalstatus',
        'contact.emailVerified',
        'contact.phoneVerified',
        'address.formatted',
        'naming.titlePrefix',
        'naming.titleSuffix',
        'nationality.watchListed',
        'idcards.passport',
        'financial.bvnIAT',
      ]),
    );
    expect(CLAIM_CATALOG.naming).toHaveLength(8);
    const ours = ['medical.', 'education.', 'age.'];
    expect(CLAIM_KEYS.filter((key) => !ours.some((group) => key.startsWith(group)))).toHaveLength(34);
    expect(new Set(CLAIM_KEYS).size).toBe(CLAIM_KEYS.length);
  });

  it.each([
    ['contact.emailverified', 'contact.emailVerified'],
    ['naming.titleprefix', 'naming.titlePrefix'],
    ['financial.bvniat', 'financial.bvnIAT'],
    ['NATIONALITY.WATCHLISTED', 'nationality.watchListed'],
    ['bio.gender', 'bio.gender'],
    ['medical.bloodtype', 'medical.bloodType'],
  ])('normalises %s to %s', (requested, key) => {
    expect(normaliseClaimKey(requested)).toBe(key);
  });

  it.each(['contact', 'contact.', 'contact.fax', 'bio.gender.extra', ' bio.gender', 'medical.shoeSize', ''])(
    'knows no claim %p',
    (requested) => {
      expect(normaliseClaimKey(requested)).toBeUndefined();
    },
  );

  it('asks for the matching scope only for the medical and education groups', () => {
    expect(scopeRequiredFor('medical.allergies')).toBe('claims:medical');
    expect(scopeRequiredFor('education.institution')).toBe('claims:education');
    expect(scopeRequiredFor('contact.email')).toBeUndefined();
    expect(scopeRequiredFor('financial.bvn')).toBeUndefined();
  });

  it('names only scopes that exist, for groups that exist', () => {
    for (const [group, scope] of Object.entries(SPECIAL_CLAIM_GROUPS)) {
      expect(Object.keys(CLAIM_CATALOG)).toContain(group);
      expect(SCOPES).toContain(scope);
    }
  });
});
