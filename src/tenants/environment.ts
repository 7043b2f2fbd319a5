/** Sandbox apps use `bk-test_` keys and synthetic people; production apps use `bk-live_` keys and are billed. */
export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const API_KEY_PREFIX: Record<Environment, string> = { sandbox: 'bk-test_', production: 'bk-live_' };

export function environmentOfApiKey(apiKey: string): Environment | undefined {
  return (Object.keys(API_KEY_PREFIX) as Environment[]).find((environment) =>
    apiKey.startsWith(API_KEY_PREFIX[environment]),
  );
}
