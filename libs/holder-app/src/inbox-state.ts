import type { HolderFlow } from './wallet-types';

/** Whether a flow belongs in the inbox: waiting for anyone, or held by this device, and not past its expiry. */
export function waitsForThisDevice(flow: HolderFlow, nowSeconds = Date.now() / 1000): boolean {
  if (flow.exp <= nowSeconds) return false;
  return flow.status === 'pending' || (flow.status === 'active' && flow.held);
}

/** The inbox after one change the stream reported: the flow replaced, or gone once it ended or another device took it. */
export function applyChange(inbox: HolderFlow[], flow: HolderFlow): HolderFlow[] {
  const others = inbox.filter((entry) => entry.id !== flow.id);
  return waitsForThisDevice(flow) ? [flow, ...others] : others;
}
