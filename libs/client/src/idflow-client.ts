import { DocsNamespace } from './docs.namespace';
import { FlowsNamespace } from './flows.namespace';
import { HealthNamespace } from './health.namespace';
import { IdentificationNamespace } from './identification.namespace';
import { SigningNamespace } from './signing.namespace';
import { ClientOptions, Transport } from './transport';

/**
 * The Node client of spec 4.6: five namespaces (health, identification, signing, flows, docs) mapping one-to-one to
 * the routes, v1 included, plus the event stream, the held poll and `flows.waitFor`.
 */
export class IdflowClient {
  readonly health: HealthNamespace;
  readonly identification: IdentificationNamespace;
  readonly signing: SigningNamespace;
  readonly flows: FlowsNamespace;
  readonly docs: DocsNamespace;

  constructor(options: ClientOptions) {
    const transport = new Transport(options);
    this.health = new HealthNamespace(transport);
    this.identification = new IdentificationNamespace(transport);
    this.signing = new SigningNamespace(transport);
    this.flows = new FlowsNamespace(transport);
    this.docs = new DocsNamespace(transport);
  }
}
