import type { ApiKey } from './api-key.entity';
import type { ConsumerApp } from './consumer-app.entity';
import type { Consumer } from './consumer.entity';

/** The app and consumer behind an API key; unrevoked whenever it comes from `TenantsService.findKeyHolder`. */
export interface KeyHolder {
  key: ApiKey;
  app: ConsumerApp;
  consumer: Consumer;
}
