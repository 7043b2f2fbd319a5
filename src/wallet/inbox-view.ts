import type { PasskeyState } from '../devices/passkey-state';
import type { HolderFlowView } from '../flows/kinds/holder-flow-view';

/** A device's inbox: the open flows addressed to its NIN, newest first, and the state of its own passkey. */
export interface InboxView {
  flows: HolderFlowView[];
  passkey: PasskeyState;
}
