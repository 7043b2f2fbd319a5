import type { Response } from 'supertest';
import type { CreatedFlow, IntegratorClient } from './integrator-client';
import type { TestAgent } from './test-app';
import type { TestDevice } from './test-device';

/**
 * A holder acting on flows, either through a real phone (the Wallet API with a device key) or through the sandbox
 * simulator's virtual device, so one suite can drive both the same way.
 */
export interface HolderDriver {
  readonly nin: string;
  /** Takes hold of the flow: opens the link, scans a seed, or accepts the push. */
  pickUp(flow: CreatedFlow): Promise<Response>;
  approve(flowId: string, claims: string[]): Promise<Response>;
  decline(flowId: string): Promise<Response>;
  /** The flow status an answer of this driver reports. */
  statusIn(response: Response): string;
}

/** A phone with the digital-ID app, signing every request with its own key. */
export function walletHolder(http: () => TestAgent, device: TestDevice, nin: string): HolderDriver {
  return {
    nin,
    pickUp: (flow) => {
      if (flow.startMode === 'different-device') return device.post(http, `/wallet/v1/flows/${flow.id}/accept`);
      // Any seed works; take the last one so the test does not lean on the first.
      const code = flow.linkCode ?? flow.seeds?.[flow.seeds.length - 1];
      return device.post(http, '/wallet/v1/flows/pick-up', { code });
    },
    approve: (flowId, claims) => device.post(http, `/wallet/v1/flows/${flowId}/approve`, { claims }),
    decline: (flowId) => device.post(http, `/wallet/v1/flows/${flowId}/decline`),
    statusIn: (response) => response.body.data?.flow?.status,
  };
}

/** A synthetic test person's virtual device, driven through `POST /api/v2/sandbox/flows/:id/scan|approve|reject`. */
export function simulatedHolder(integrator: IntegratorClient, nin: string): HolderDriver {
  return {
    nin,
    pickUp: (flow) => integrator.simulate('scan', flow.id, { nin }),
    approve: (flowId, claims) => integrator.simulate('approve', flowId, { nin, claims }),
    decline: (flowId) => integrator.simulate('reject', flowId, { nin }),
    statusIn: (response) => response.body.data?.request?.status,
  };
}
