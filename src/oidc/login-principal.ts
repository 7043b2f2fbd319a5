import type { Principal } from '../auth/principal';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import type { Consumer } from '../tenants/consumer.entity';

/**
 * The app as the caller of a login's flows. A login has no API key: its usage is filed under a key id of its own, so
 * that the app's usage report tells OIDC logins apart from its API calls.
 */
export function loginPrincipal(app: ConsumerApp, consumer: Consumer): Principal {
  return {
    app,
    consumer,
    key: {
      id: 'key_oidc',
      appId: app.id,
      environment: app.environment,
      digest: '',
      hint: 'OIDC login',
      createdAt: app.createdAt,
      revokedAt: null,
      lastUsedAt: null,
    },
  };
}
