import type { Environment } from '../../tenants/environment';
import type { FlowView } from '../flow-view';

/** Published after every state change of a flow (and when a flow is created), on every instance. */
export interface FlowChangedEvent {
  flowId: string;
  appId: string;
  environment: Environment;
  /** The NIN the flow is addressed to, so the holder's devices can be told of new work. */
  targetNin: string | null;
  /** The device holding the flow, if any: shown to devices as `held`, never to integrators. */
  deviceId: string | null;
  /** The flow as pollers see it after the change. */
  view: FlowView;
}
