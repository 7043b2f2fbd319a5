import type { FlowKind, StartMode } from '../flows/flow-kind';
import type { FlowStatus } from '../flows/flow-state';

/** A flow as the holder's device sees it: enough to ask for consent, nothing about other holders. */
export interface HolderFlowView {
  id: string;
  mode: FlowKind;
  startMode: StartMode;
  action: string;
  /** The name of the app that asks. */
  app: string;
  payload: string;
  requestedClaims: string[];
  status: FlowStatus;
  /** True when this device holds the flow. */
  held: boolean;
  /** Unix seconds. */
  exp: number;
}
