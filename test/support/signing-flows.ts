import type { Response } from 'supertest';
import type { StartMode } from '../../src/flows/flow-kind';
import { signChallenge } from './device-signature';
import { HolderDriver, simulatedHolder, walletHolder } from './holder-driver';
import { CreatedFlow, IntegratorClient, codeOf } from './integrator-client';
import type { TestAgent } from './test-app';
import type { TestDevice } from './test-device';
import type { JsonBody } from './json-body';

/** `POST /api/{version}/signing/{mode}` with exactly the integrator's headers. */
export function createSigning(integrator: IntegratorClient, mode: StartMode, body: unknown, version = 'v2') {
  return integrator.post(`/api/${version}/signing/${mode}`, body);
}

/** Starts a signing flow and returns what a holder needs to act on it; fails the test unless the create succeeds. */
export async function startSigning(
  integrator: IntegratorClient,
  mode: StartMode,
  body: object,
): Promise<CreatedFlow & { body: JsonBody }> {
  const response = await createSigning(integrator, mode, body);
  if (response.status !== 201) {
    throw new Error(`signing ${mode} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  const data = response.body.data;
  return {
    id: data.request.id,
    startMode: mode,
    linkCode: data.link ? codeOf(data.link) : undefined,
    seeds: data.seeds?.map(codeOf),
    body: response.body,
  };
}

/** A holder of signing flows: approving means signing the flow's challenge. */
export interface SigningHolder extends Omit<HolderDriver, 'approve'> {
  /** Approves the flow with a signature over its challenge. */
  sign(flowId: string): Promise<Response>;
}

/**
 * A phone with the digital-ID app: it reads the flow, signs the challenge it is shown with its own key, and approves
 * with `{ signature }`.
 */
export function walletSigner(http: () => TestAgent, device: TestDevice, nin: string): SigningHolder {
  const holder = walletHolder(http, device, nin);
  return {
    ...holder,
    sign: async (flowId) => {
      const read = await device.get(http, `/wallet/v1/flows/${flowId}`);
      if (read.status !== 200) return read;
      const signature = await signChallenge(device, read.body.data.flow.challenge);
      return device.post(http, `/wallet/v1/flows/${flowId}/approve`, { signature });
    },
  };
}

/** A synthetic test person's virtual device, which signs inside the simulator (`POST .../approve`). */
export function simulatedSigner(integrator: IntegratorClient, nin: string): SigningHolder {
  const holder = simulatedHolder(integrator, nin);
  return { ...holder, sign: (flowId) => integrator.simulate('approve', flowId, { nin }) };
}
