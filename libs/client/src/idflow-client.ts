import { HealthNamespace } from './health.namespace';
import { ClientOptions, Transport } from './transport';

/**
 * The Node client of spec 4.6. Namespaces map one-to-one to the routes; the flow namespaces join as their routes land.
 */
export class IdflowClient {
  readonly health: HealthNamespace;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    this.health = new HealthNamespace(transport);
  }
}
