import { AGE_THRESHOLDS } from '../claims/age-over';
import type { ClaimKey } from '../claims/claim-catalog';
import type { ClaimValue, ClaimValues } from '../persons/claim-values';

/** The `vct` of the PID in SD-JWT VC form (PID Rulebook of the Architecture and Reference Framework). */
export const PID_VCT = 'urn:eudi:pid:1';

/** The PID's ISO mdoc document type, which is also the namespace of its attributes (PID Rulebook). */
export const PID_DOCTYPE = 'eu.europa.ec.eudi.pid.1';

/** The two forms a PID comes in, named as OpenID4VP 1.0 names their credential formats. */
export const PID_FORMATS = ['dc+sd-jwt', 'mso_mdoc'] as const;
export type PidFormat = (typeof PID_FORMATS)[number];

/** The ids of the two credential queries, one per form of the PID: the vp_token answers under one of them. */
export const PID_QUERY_IDS: Readonly<Record<PidFormat, string>> = { 'dc+sd-jwt': 'pid', mso_mdoc: 'pid_mdoc' };

/**
 * The mdoc doctype of the EU's age verification attestation (the age verification blueprint), which is also the
 * namespace of its `age_over_NN` elements: it proves the `age` claims, and nothing else.
 */
export const AGE_ATTESTATION_DOCTYPE = 'eu.europa.ec.av.1';

/**
 * Every credential query a request may hold, by id, with the format its answer comes in: the PID in either form, and
 * the age attestation.
 */
export const CREDENTIAL_QUERIES = { pid: 'dc+sd-jwt', pid_mdoc: 'mso_mdoc', av_mdoc: 'mso_mdoc' } as const;
export type CredentialQueryId = keyof typeof CREDENTIAL_QUERIES;
export const CREDENTIAL_QUERY_IDS = Object.keys(CREDENTIAL_QUERIES) as CredentialQueryId[];

/**
 * The PID attribute holding the person's national identification number where their Member State issues one (PID
 * Rulebook `personal_administrative_number`, the same name in both forms): a wallet flow addressed to a NIN (a document
 * signee's approval) asks for it and requires it to be that NIN; it is checked, never released to the app.
 */
export const NIN_ATTRIBUTE = 'personal_administrative_number';

/** The claims an age attestation proves: the `age` group alone. */
export const isAgeClaim = (claim: string) => claim.startsWith('age.');

/**
 * A path to a PID attribute. In SD-JWT VC form it is a claims path pointer (OpenID4VP 1.0 section 7); in mdoc form its
 * first step is the data element identifier of the PID namespace, and any further steps point into that element's
 * value, since DCQL asks an mdoc for whole elements only.
 */
export type PidPath = readonly string[];

interface PidMapping {
  /** The PID attributes the catalog claim is made from, in SD-JWT VC form. */
  paths: readonly PidPath[];
  /** The same attributes, in the same order, in mdoc form. */
  mdoc: readonly PidPath[];
  /** How the disclosed values make the claim's value; the first path's value when absent. */
  compose?: (values: unknown[]) => ClaimValue;
}

/**
 * Which PID attributes prove each catalog claim, and only these: a claim missing here is one a PID cannot prove, and
 * is refused at create. The two forms name some attributes differently (PID Rulebook); docs/eudi-wallet.md shows the
 * same table.
 */
export const PID_CLAIM_MAPPING: Partial<Record<ClaimKey, PidMapping>> = {
  'naming.family': { paths: [['family_name']], mdoc: [['family_name']] },
  'naming.given': { paths: [['given_name']], mdoc: [['given_name']] },
  'naming.name': {
    paths: [['given_name'], ['family_name']],
    mdoc: [['given_name'], ['family_name']],
    compose: (values) => values.join(' '),
  },
  'bio.birthdate': { paths: [['birthdate']], mdoc: [['birth_date']] },
  'bio.birthplace': { paths: [['place_of_birth', 'locality']], mdoc: [['place_of_birth', 'locality']] },
  'nationality.nationalities': { paths: [['nationalities']], mdoc: [['nationality']] },
  'address.formatted': { paths: [['address', 'formatted']], mdoc: [['resident_address']] },
  'address.city': { paths: [['address', 'locality']], mdoc: [['resident_city']] },
  'address.postcode': { paths: [['address', 'postal_code']], mdoc: [['resident_postal_code']] },
  'address.country': { paths: [['address', 'country']], mdoc: [['resident_country']] },
  'contact.email': { paths: [['email']], mdoc: [['email_address']] },
  'contact.phone': { paths: [['phone_number']], mdoc: [['mobile_phone_number']] },
  ...ageMappings(),
};

/**
 * `age.overNN` from the PID's age attestation alone, never its birth date: `age_equal_or_over.NN` in SD-JWT VC form
 * (each threshold a disclosure of its own), `age_over_NN` in mdoc form (PID Rulebook).
 */
function ageMappings(): Partial<Record<ClaimKey, PidMapping>> {
  return Object.fromEntries(
    AGE_THRESHOLDS.map((threshold) => [
      `age.over${threshold}`,
      { paths: [['age_equal_or_over', String(threshold)]], mdoc: [[`age_over_${threshold}`]] },
    ]),
  );
}

/** The requested claims a PID cannot prove, in the order asked. */
export function unprovableClaims(claims: readonly string[]): string[] {
  return claims.filter((claim) => !(claim in PID_CLAIM_MAPPING));
}

/** The PID attributes behind these claims, each once: what the DCQL query asks the wallet for. */
export function pidPathsFor(claims: readonly string[], format: PidFormat = 'dc+sd-jwt'): PidPath[] {
  const seen = new Map<string, PidPath>();
  for (const claim of claims) {
    for (const path of pathsOf(PID_CLAIM_MAPPING[claim as ClaimKey], format)) {
      // An mdoc is asked for whole data elements: the element, not a path into its value.
      const asked = format === 'mso_mdoc' ? path.slice(0, 1) : path;
      seen.set(asked.join('.'), asked);
    }
  }
  return [...seen.values()];
}

/**
 * The catalog values the disclosed PID proves for these claims, nested by group then name like a person's record;
 * a claim whose attributes were not all disclosed is left out.
 */
export function catalogValuesOf(
  pid: Record<string, unknown>,
  claims: readonly string[],
  format: PidFormat = 'dc+sd-jwt',
): ClaimValues {
  const values: ClaimValues = {};
  for (const claim of claims) {
    const mapping = PID_CLAIM_MAPPING[claim as ClaimKey];
    if (!mapping) continue;
    const found = pathsOf(mapping, format).map((path) => valueAt(pid, path));
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
export function pidAttributesOf(values: ClaimValues, format: PidFormat = 'dc+sd-jwt'): Record<string, unknown> {
  const pid: Record<string, unknown> = {};
  for (const [claim, mapping] of Object.entries(PID_CLAIM_MAPPING)) {
    const paths = pathsOf(mapping, format);
    if (paths.length !== 1) continue;
    const [group, name] = claim.split('.');
    const value = values[group]?.[name];
    if (value === undefined) continue;
    const path = paths[0];
    let parent = pid;
    for (const step of path.slice(0, -1)) parent = (parent[step] ??= {}) as Record<string, unknown>;
    parent[path[path.length - 1]] = value;
  }
  return pid;
}

function pathsOf(mapping: PidMapping | undefined, format: PidFormat): readonly PidPath[] {
  if (!mapping) return [];
  return format === 'mso_mdoc' ? mapping.mdoc : mapping.paths;
}

function valueAt(record: Record<string, unknown>, path: PidPath): unknown {
  let current: unknown = record;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}
