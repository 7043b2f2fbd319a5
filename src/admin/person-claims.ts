import { CLAIM_CATALOG, ClaimGroup, normaliseClaimKey } from '../claims/claim-catalog';
import { RequestValidationError } from '../common/errors/request-validation.error';
import type { ValidationIssue } from '../common/errors/validation-issue';
import type { ClaimValue, ClaimValues } from '../persons/claim-values';

const GROUP_BY_LOWER_CASE = new Map(
  (Object.keys(CLAIM_CATALOG) as ClaimGroup[]).map((group) => [group.toLowerCase(), group]),
);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shapes `ClaimValue` allows; the value itself is personal data and never appears in a message. */
function isClaimValue(value: unknown): value is ClaimValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string');
  return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

/**
 * Reads claim values in the nested shape of spec 2.8 (`{ naming: { name: 'Ada Obi' } }`) as an operator sends them:
 * keys in any letter case, stored in the catalog's spelling. Every problem is reported at once, each issue's path
 * pointing at the group, claim or value as it was sent (`['claims', 'naming', 'nmae']`).
 */
export function parsePersonClaims(input: unknown, path: Array<string | number> = ['claims']): ClaimValues {
  const issues: ValidationIssue[] = [];
  const claims: ClaimValues = {};
  if (!isPlainObject(input)) {
    throw new RequestValidationError([
      { code: 'invalid_type', path, message: `${path.join('.')} must be an object of claim groups` },
    ]);
  }
  for (const [sentGroup, names] of Object.entries(input)) {
    const groupPath = [...path, sentGroup];
    const group = GROUP_BY_LOWER_CASE.get(sentGroup.toLowerCase());
    if (!group) {
      const groups = Object.keys(CLAIM_CATALOG).join(', ');
      issues.push({
        code: 'unrecognized_keys',
        path: groupPath,
        message: `${sentGroup} is not a claim group; the groups are ${groups}`,
      });
      continue;
    }
    if (!isPlainObject(names)) {
      issues.push({
        code: 'invalid_type',
        path: groupPath,
        message: `${groupPath.join('.')} must be an object of claims`,
      });
      continue;
    }
    for (const [sentName, value] of Object.entries(names)) {
      const valuePath = [...groupPath, sentName];
      const key = normaliseClaimKey(`${group}.${sentName}`);
      if (!key) {
        issues.push({
          code: 'unrecognized_keys',
          path: valuePath,
          message: `${group}.${sentName} is not a known claim`,
        });
        continue;
      }
      const name = key.slice(group.length + 1);
      if (claims[group]?.[name] !== undefined) {
        issues.push({
          code: 'custom',
          path: valuePath,
          message: `${key} is given twice (claim keys ignore letter case)`,
        });
        continue;
      }
      if (!isClaimValue(value)) {
        issues.push({
          code: 'invalid_type',
          path: valuePath,
          message: `${key} must be a string, a number, a boolean, a list of strings or an object of strings`,
        });
        continue;
      }
      claims[group] = { ...claims[group], [name]: value };
    }
  }
  if (issues.length > 0) throw new RequestValidationError(issues);
  return claims;
}
