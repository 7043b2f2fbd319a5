import type { Flow } from './flow.entity';

/**
 * Where a flow stands, in words an integrator can show (BankID's hint codes are the model); README and Swagger list
 * the message for each.
 */
export const FLOW_HINTS = {
  outstandingTransaction: 'Start your digital-ID app',
  noClient: 'Start your digital-ID app: it has not received the request yet',
  started: 'The request is open in your digital-ID app',
  userSign: 'Check the request in your digital-ID app and confirm it',
  completed: 'Done',
  userCancel: 'You declined the request in your app',
  cancelled: 'The request was cancelled',
  deviceRevoked: 'The request was cancelled: the digital-ID app that held it was revoked',
  expiredTransaction: 'The request expired: try again',
} as const;
export type FlowHint = keyof typeof FLOW_HINTS;

const TERMINAL_HINTS = {
  completed: 'completed',
  rejected: 'userCancel',
  cancelled: 'cancelled',
  expired: 'expiredTransaction',
} as const satisfies Partial<Record<Flow['status'], FlowHint>>;

/**
 * The hint of a flow at `now`: its end, once ended (`deviceRevoked` for a flow cancelled because the device holding it
 * was revoked); `userSign` once a device showed it to its person; `started` while a device holds it; a pushed flow no
 * device fetched within `noClientMs` is `noClient`; otherwise it waits for its person (`outstandingTransaction`).
 */
export function hintOf(
  flow: Pick<Flow, 'status' | 'endReason' | 'startMode' | 'deviceId' | 'createdAt' | 'seenAt' | 'viewedAt'>,
  now: number,
  noClientMs: number,
): FlowHint {
  if (flow.status === 'cancelled' && flow.endReason === 'device-revoked') return 'deviceRevoked';
  if (flow.status in TERMINAL_HINTS) return TERMINAL_HINTS[flow.status as keyof typeof TERMINAL_HINTS];
  if (flow.viewedAt !== null) return 'userSign';
  if (flow.deviceId !== null) return 'started';
  const unfetched = flow.startMode === 'different-device' && flow.seenAt === null;
  return unfetched && now - flow.createdAt >= noClientMs ? 'noClient' : 'outstandingTransaction';
}
