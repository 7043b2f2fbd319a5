import { FlowsNamespace } from './flows.namespace';
import { HealthNamespace } from './health.namespace';
import { IdentificationNamespace } from './identification.namespace';
import { ClientOptions, Transport } from './transport';

/**
 * The Node client of spec 4.6. Namespaces map one-to-one to the routes; signing and documents join as their routes
 * land.
 */
export class IdflowClient {
  readonly health: HealthNamespace;
  readonly identification: IdentificationNamespace;
  readonly flows: FlowsNamespace;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    this.health = new HealthNamespace(transport);
    this.identification = new IdentificationNamespace(transport);
    this.flows = new FlowsNamespace(transport);
  }
}
