import type { Environment } from '../tenants/environment';
import type { KeyHolder } from '../tenants/key-holder';

/** Whom a call is billed to: ids only, so a usage record holds no secrets or keys. */
export interface UsageOwner {
  consumerId: string;
  appId: string;
  keyId: string;
  environment: Environment;
}

export function usageOwnerOf(holder: KeyHolder): UsageOwner {
  return {
    consumerId: holder.consumer.id,
    appId: holder.app.id,
    keyId: holder.key.id,
    environment: holder.app.environment,
  };
}
