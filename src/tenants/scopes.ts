/**
 * What an app may do. The spec names the identification and document scopes; the signing scopes follow the same
 * pattern. The claim scopes provision the medical and education claim groups (spec 2.8).
 */
export const SCOPES = [
  'identification:same',
  'identification:another',
  'identification:wildcard',
  'signing:same',
  'signing:another',
  'signing:wildcard',
  'document:sign',
  'claims:medical',
  'claims:education',
] as const;
export type Scope = (typeof SCOPES)[number];

/** `identification:another` and the special claim groups need approval (spec 4.2 rule 3), so new apps lack them. */
export const DEFAULT_SCOPES: Scope[] = SCOPES.filter(
  (scope) => !['identification:another', 'claims:medical', 'claims:education'].includes(scope),
);

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
