import { CLAIM_CATALOG, type ClaimGroup, type ClaimKey } from '../claims/claim-catalog';
import type { ClaimValue, ClaimValues } from '../persons/claim-values';

/** The claim groups a login may ask for, each as an OIDC scope of the same name; medical and education need approval. */
export const OIDC_CLAIM_SCOPES = [
  'naming',
  'contact',
  'address',
  'bio',
  'nationality',
  'idcards',
  'financial',
] as const satisfies readonly ClaimGroup[];
export type OidcClaimScope = (typeof OIDC_CLAIM_SCOPES)[number];

/** The member of the ID token and of userinfo that holds every released claim, nested by group as in spec 2.8. */
export const NESTED_CLAIMS = 'claims';

/** Catalog claims that have a standard OIDC claim (OpenID Connect Core 5.1); the rest appear only under `claims`. */
const STANDARD_CLAIMS: Partial<Record<ClaimKey, string>> = {
  'naming.name': 'name',
  'naming.given': 'given_name',
  'naming.family': 'family_name',
  'naming.middle': 'middle_name',
  'naming.nickname': 'nickname',
  'contact.email': 'email',
  'contact.emailVerified': 'email_verified',
  'contact.phone': 'phone_number',
  'contact.phoneVerified': 'phone_number_verified',
  'bio.birthdate': 'birthdate',
  'bio.gender': 'gender',
};

/** The members of the standard `address` claim (OpenID Connect Core 5.1.1), from the catalog's address group. */
const ADDRESS_MEMBERS: Partial<Record<ClaimKey, string>> = {
  'address.formatted': 'formatted',
  'address.place': 'street_address',
  'address.city': 'locality',
  'address.postcode': 'postal_code',
  'address.country': 'country',
};

const groupOf = (key: ClaimKey) => key.slice(0, key.indexOf('.')) as ClaimGroup;
const keysOf = (group: ClaimGroup) => CLAIM_CATALOG[group].map((name) => `${group}.${name}` as ClaimKey);

/** Which standard claims each scope releases, in the provider's `claims` configuration; every scope adds `claims`. */
export function scopeClaims(): Record<string, string[]> {
  const entries = OIDC_CLAIM_SCOPES.map((scope): [string, string[]] => {
    const standard = keysOf(scope).flatMap((key) => (STANDARD_CLAIMS[key] ? [STANDARD_CLAIMS[key]] : []));
    if (scope === 'address') standard.push('address');
    return [scope, [...standard, NESTED_CLAIMS]];
  });
  return { openid: ['sub'], ...Object.fromEntries(entries) };
}

/**
 * The catalog keys an authorization request asks for: every key of each claim-group scope, and the key behind each
 * standard claim named in the `claims` parameter (`{"userinfo":{"email":null}}` asks for `contact.email`).
 */
export function requestedClaimKeys(scopes: readonly string[], claimsParameter: string | undefined): ClaimKey[] {
  const keys = new Set<ClaimKey>();
  for (const scope of scopes) {
    if ((OIDC_CLAIM_SCOPES as readonly string[]).includes(scope))
      keysOf(scope as ClaimGroup).forEach((k) => keys.add(k));
  }
  const named = new Set(namesInClaimsParameter(claimsParameter));
  for (const [key, standard] of Object.entries({ ...STANDARD_CLAIMS, ...ADDRESS_MEMBERS }) as Array<
    [ClaimKey, string]
  >) {
    if (named.has(standard) || (named.has('address') && groupOf(key) === 'address')) keys.add(key);
  }
  return [...keys];
}

function namesInClaimsParameter(claimsParameter: string | undefined): string[] {
  if (!claimsParameter) return [];
  try {
    const parsed = JSON.parse(claimsParameter) as Record<string, Record<string, unknown> | null>;
    return Object.values(parsed).flatMap((members) => (members ? Object.keys(members) : []));
  } catch {
    return [];
  }
}

/** The released values as OIDC claims: the standard ones where they exist, and all of them nested under `claims`. */
export function oidcClaimsOf(
  released: ClaimValues,
): Record<string, ClaimValue | ClaimValues | Record<string, ClaimValue>> {
  const claims: Record<string, ClaimValue | ClaimValues | Record<string, ClaimValue>> = {};
  const address: Record<string, ClaimValue> = {};
  for (const [group, values] of Object.entries(released)) {
    for (const [name, value] of Object.entries(values)) {
      const key = `${group}.${name}` as ClaimKey;
      const standard = STANDARD_CLAIMS[key];
      if (standard) claims[standard] = value;
      const member = ADDRESS_MEMBERS[key];
      if (member) address[member] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  if (Object.keys(address).length > 0) claims.address = address;
  claims[NESTED_CLAIMS] = released;
  return claims;
}
