import type { Transport } from './transport';

/** The unversioned system routes (spec 4.1): they need only the key, and are never billed. */
export class HealthNamespace {
  constructor(private readonly transport: Transport) {}

  /** `GET /api/health/check`: resolves to `OK` while the service is up and the key is valid. */
  check(options: { signal?: AbortSignal } = {}): Promise<string> {
    return this.transport.text({
      method: 'GET',
      path: '/api/health/check',
      idempotent: true,
      accept: 'text/plain',
      ...options,
    });
  }

  /** `GET /`: a plain sentence saying the service may receive requests. */
  root(options: { signal?: AbortSignal } = {}): Promise<string> {
    return this.transport.text({ method: 'GET', path: '/', idempotent: true, accept: 'text/plain', ...options });
  }
}
