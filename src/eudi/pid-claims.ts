import type { ClaimKey } from '../claims/claim-catalog';
import type { ClaimValue, ClaimValues } from '../persons/claim-values';

/** The `vct` of the PID in SD-JWT VC form (PID Rulebook of the Architecture and Reference Framework). */
export const PID_VCT = 'urn:eudi:pid:1';

/** A claims path pointer into the PID (OpenID4VP 1.0 section 7). */
export type PidPath = readonly string[];

interface PidMapping {
  /** The PID attributes the catalog claim is made from. */
  paths: readonly PidPath[];
  /** How the disclosed values make the claim's value; the first path's value when absent. */
  compose?: (values: unknown[]) => ClaimValue;
}

/**
 * Which PID attributes prove each catalog claim, and only these: a claim missing here is one a PID cannot prove, and
 * is refused at create. README and docs/eudi-wallet.md show the same table.
 */
export const PID_CLAIM_MAPPING: Partial<Record<ClaimKey, PidMapping>> = {
  'naming.family': { paths: [['family_name']] },
  'naming.given': { paths: [['given_name']] },
  'naming.name': { paths: [['given_name'], ['family_name']], compose: (values) => values.join(' ') },
  'bio.birthdate': { paths: [['birthdate']] },
  'bio.birthplace': { paths: [['place_of_birth', 'locality']] },
  'nationality.nationalities': { paths: [['nationalities']] },
  'address.formatted': { paths: [['address', 'formatted']] },
  'address.city': { paths: [['address', 'locality']] },
  'address.postcode': { paths: [['address', 'postal_code']] },
  'address.country': { paths: [['address', 'country']] },
  'contact.email': { paths: [['email']] },
  'contact.phone': { paths: [['phone_number']] },
};

/** The requested claims a PID cannot prove, in the order asked. */
export function unprovableClaims(claims: readonly string[]): string[] {
  return claims.filter((claim) => !(claim in PID_CLAIM_MAPPING));
}

/** The PID attributes behind these claims, each once: what the DCQL query asks the wallet for. */
export function pidPathsFor(claims: readonly string[]): PidPath[] {
  const seen = new Map<string, PidPath>();
  for (const claim of claims) {
    for (const path of PID_CLAIM_MAPPING[claim as ClaimKey]?.paths ?? []) seen.set(path.join('.'), path);
  }
  return [...seen.values()];
}

/**
 * The catalog values the disclosed PID proves for these claims, nested by group then name like a person's record;
 * a claim whose attributes were not all disclosed is left out.
 */
export function catalogValuesOf(pid: Record<string, unknown>, claims: readonly string[]): ClaimValues {
  const values: ClaimValues = {};
  for (const claim of claims) {
    const mapping = PID_CLAIM_MAPPING[claim as ClaimKey];
    if (!mapping) continue;
    const found = mapping.paths.map((path) => valueAt(pid, path));
    if (found.some((value) => value === undefined || value === null)) continue;
    const [group, name] = claim.split('.');
    values[group] = { ...values[group], [name]: mapping.compose ? mapping.compose(found) : (found[0] as ClaimValue) };
  }
  return values;
}

/**
 * A PID with the attributes a person's catalog values give, by the same table read backwards: what the sandbox PID
 * issuer issues to a test person. Claims made of several attributes (`naming.name`) give none of their own.
 */
export function pidAttributesOf(values: ClaimValues): Record<string, unknown> {
  const pid: Record<string, unknown> = {};
  for (const [claim, mapping] of Object.entries(PID_CLAIM_MAPPING)) {
    if (mapping.paths.length !== 1) continue;
    const [group, name] = claim.split('.');
    const value = values[group]?.[name];
    if (value === undefined) continue;
    const path = mapping.paths[0];
    let parent = pid;
    for (const step of path.slice(0, -1)) parent = (parent[step] ??= {}) as Record<string, unknown>;
    parent[path[path.length - 1]] = value;
  }
  return pid;
}

function valueAt(record: Record<string, unknown>, path: PidPath): unknown {
  let current: unknown = record;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
