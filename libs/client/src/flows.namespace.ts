import type { Transport } from './transport';

/** A flow as ping and cancel return it (`data.request`). */
export interface FlowState {
  id: string;
  status: string;
  cancelled: boolean;
  onsession: boolean;
  claims?: Record<string, Record<string, string>>;
  signature?: string;
  [field: string]: unknown;
}

/** `/api/{version}/flow/ping` and `/cancel` (spec 4.4). */
export class FlowsNamespace {
  constructor(private readonly transport: Transport) {}

  async ping(flowId: string): Promise<FlowState> {
    const data = await this.transport.json<{ request: FlowState }>('POST', `/api/${this.transport.version}/flow/ping`, {
      request: flowId,
    });
    return data.request;
  }

  async cancel(flowId: string): Promise<FlowState> {
    const data = await this.transport.json<{ request: FlowState }>(
      'POST',
      `/api/${this.transport.version}/flow/cancel`,
      {
        request: flowId,
      },
    );
    return data.request;
  }
}
