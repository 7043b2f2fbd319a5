export type ClaimValue = string | number | boolean | string[] | Record<string, string>;

/** Claim values nested by group then claim name, for example `{ contact: { email: 'a@b.example' } }`. */
export type ClaimValues = Record<string, Record<string, ClaimValue>>;
