import type { Transport } from './transport';

export class HealthNamespace {
  constructor(private readonly transport: Transport) {}

  /** `GET /api/health/check`: resolves to `OK` while the service is up and the key is valid. */
  check(): Promise<string> {
    return this.transport.text('/api/health/check');
  }
}
