import type { DocumentView } from '../../documents/document-view';
import type { Environment } from '../../tenants/environment';
import type { FlowView } from '../flow-view';

interface FlowChange {
  flowId: string;
  appId: string;
  environment: Environment;
  /** The NIN the flow is addressed to, so the holder's devices can be told of new work. */
  targetNin: string | null;
  /** Document flows: every signee's NIN, for the same reason. */
  targetNins?: string[];
  /** The device holding the flow, if any: shown to devices as `held`, never to integrators. */
  deviceId: string | null;
}

/**
 * Published after every state change of a flow (and when a flow is created), on every instance, with the flow as
 * pollers see it after the change.
 */
export type FlowChangedEvent = FlowChange &
  ({ kind: 'identification' | 'signing'; view: FlowView } | { kind: 'document'; view: DocumentView });
