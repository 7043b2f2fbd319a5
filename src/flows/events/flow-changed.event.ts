import type { DeviceVerification } from '../verification-code';
import type { Environment } from '../../tenants/environment';
import type { FlowKind } from '../flow-kind';
import type { ObservedViews } from '../flow-view';

interface FlowChange {
  flowId: string;
  appId: string;
  environment: Environment;
  /** The NINs whose devices are told of the change: the NIN the flow is addressed to, or every signee of a document. */
  holderNins: string[];
  /** The device holding the flow, if any: shown to devices as `held`, never to integrators. */
  deviceId: string | null;
  /** Pushed flows: what the person's app shows to verify the request (the code, or three to pick from). */
  verification: DeviceVerification;
}

/**
 * Published after every state change of a flow (and when a flow is created), on every instance, with the flow as
 * pollers see it after the change.
 */
export type FlowChangedEvent<K extends FlowKind = FlowKind> = K extends FlowKind
  ? FlowChange & { kind: K; view: ObservedViews[K] }
  : never;
