import type { Transport } from './transport';

export interface SigningInput {
  action: 'sign' | 'confirm';
  payload: string;
  /** Required for `sign`, refused for `confirm`. */
  webhook?: { host: string; reference: string };
}

export interface SigningCreated {
  request: { id: string; [field: string]: unknown };
  link?: string;
  seeds?: string[];
}

/** `/api/{version}/signing/*` (spec 4.3); wildcard exists on v2 only. */
export class SigningNamespace {
  constructor(private readonly transport: Transport) {}

  sameDevice(input: SigningInput & { nin: string }): Promise<SigningCreated> {
    return this.create('same-device', input);
  }

  differentDevice(input: SigningInput & { nin: string }): Promise<SigningCreated> {
    return this.create('different-device', input);
  }

  wildcard(input: SigningInput & { seeds: number }): Promise<SigningCreated> {
    return this.create('wildcard', input);
  }

  private create(mode: string, input: object): Promise<SigningCreated> {
    return this.transport.json('POST', `/api/${this.transport.version}/signing/${mode}`, input);
  }
}
