import type { Transport } from './transport';

export interface IdentificationInput {
  action: 'login' | 'signup' | 'link';
  claims: string[];
  payload: string;
}

/** The `data` of an identification create (spec 2.3). */
export interface IdentificationCreated {
  request: { id: string; [field: string]: unknown };
  link?: string;
  seeds?: string[];
  token?: string;
}

/** `/api/{version}/identification/*` (spec 4.2). */
export class IdentificationNamespace {
  constructor(private readonly transport: Transport) {}

  sameDevice(input: IdentificationInput): Promise<IdentificationCreated> {
    return this.create('same-device', input);
  }

  differentDevice(input: IdentificationInput & { user: string }): Promise<IdentificationCreated> {
    return this.create('different-device', input);
  }

  wildcard(input: IdentificationInput & { seeds: number }): Promise<IdentificationCreated> {
    return this.create('wildcard', input);
  }

  private create(mode: string, input: object): Promise<IdentificationCreated> {
    return this.transport.json('POST', `/api/${this.transport.version}/identification/${mode}`, input);
  }
}
