import type { Scope } from '../tenants/scopes';

/**
 * Every claim an app may ask for, by group then name, in the spelling of spec 2.8. The spec leaves the medical and
 * education keys out ("specially provisioned apps only"), so those two groups are ours, as is `age`: whether the
 * person is at least 13, 16, 18, 21 or 65, a yes or no that discloses nothing else (an EU wallet's age_over_NN).
 */
export const CLAIM_CATALOG = {
  bio: ['birthplace', 'birthdate', 'gender', 'maritalstatus', 'birthnumber'],
  contact: ['email', 'emailVerified', 'phone', 'phoneVerified'],
  address: ['city', 'postcode', 'country', 'place', 'formatted', 'longitude', 'latitude'],
  naming: ['family', 'given', 'title', 'name', 'middle', 'titlePrefix', 'titleSuffix', 'nickname'],
  nationality: ['nationalities', 'pep', 'primary', 'residence', 'watchListed'],
  idcards: ['passport'],
  financial: ['bvn', 'bvnBank', 'bvnLevel', 'bvnIAT'],
  medical: ['bloodType', 'genotype', 'allergies'],
  education: ['highestDegree', 'fieldOfStudy', 'institution', 'graduationYear'],
  age: ['over13', 'over16', 'over18', 'over21', 'over65'],
} as const;

export type ClaimGroup = keyof typeof CLAIM_CATALOG;
export type ClaimName<G extends ClaimGroup = ClaimGroup> = (typeof CLAIM_CATALOG)[G][number];
/** A dot-notation claim key such as `contact.emailVerified`. */
export type ClaimKey = { [G in ClaimGroup]: `${G}.${ClaimName<G>}` }[ClaimGroup];

/** Groups that only apps provisioned with the matching scope may request. */
export const SPECIAL_CLAIM_GROUPS = {
  medical: 'claims:medical',
  education: 'claims:education',
} as const satisfies Partial<Record<ClaimGroup, Scope>>;

export const CLAIM_KEYS: readonly ClaimKey[] = (Object.keys(CLAIM_CATALOG) as ClaimGroup[]).flatMap((group) =>
  CLAIM_CATALOG[group].map((name) => `${group}.${name}` as ClaimKey),
);

// Integrators of the original service send lower-case spellings such as `contact.emailverified`.
const KEY_BY_LOWER_CASE = new Map(CLAIM_KEYS.map((key) => [key.toLowerCase(), key]));

/** The catalog spelling of a requested claim key, whatever its letter case; undefined when the catalog lacks it. */
export function normaliseClaimKey(requested: string): ClaimKey | undefined {
  return KEY_BY_LOWER_CASE.get(requested.toLowerCase());
}

/** The scope an app needs before it may request this claim; undefined for the groups every app may request. */
export function scopeRequiredFor(key: ClaimKey): Scope | undefined {
  const group = key.slice(0, key.indexOf('.'));
  return SPECIAL_CLAIM_GROUPS[group as keyof typeof SPECIAL_CLAIM_GROUPS];
}
