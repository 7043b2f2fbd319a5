import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { DeviceRecord } from '../device-key';
import { followDeviceStream } from '../device-stream';
import { type Answered, FlowCard } from '../FlowCard';
import { DeviceRemoval } from '../DeviceRemoval';
import { History } from '../History';
import { QrScan } from '../QrScan';
import { flowCodeOf, takeHandedCode, takeNotifiedFlow } from '../handed-code';
import { applyChange, waitsForThisDevice } from '../inbox-state';
import { STRINGS } from '../strings';
import { WalletClient } from '../wallet-client';
import type { HolderFlow } from '../wallet-types';

const T = STRINGS.inbox;

function outcomeText({ flow, error }: Answered): string {
  if (error) return STRINGS.outcome.failed(error);
  return flow && approved(flow) ? STRINGS.outcome.completed : STRINGS.outcome.rejected;
}

/**
 * Whether the person's answer was an approval: a document they signed is still in progress until the others have
 * signed and its signed copy is made, so their own status there says it.
 */
function approved(flow: HolderFlow): boolean {
  return flow.status === 'completed' || flow.document?.signeeStatus === 'signed';
}

/** The requests waiting for this person, live from the device stream. */
export function Inbox({ device, onRemoved }: { device: DeviceRecord; onRemoved: () => void }) {
  const client = useMemo(() => new WalletClient(device), [device]);
  const [flows, setFlows] = useState<HolderFlow[]>([]);
  const [connected, setConnected] = useState(false);
  const [outcome, setOutcome] = useState<Answered | null>(null);
  const [notified] = useState(takeNotifiedFlow);
  const [inboxShown, setInboxShown] = useState(false);

  useEffect(
    () =>
      followDeviceStream(client, {
        inbox: (all) => {
          setFlows(all.filter((flow) => waitsForThisDevice(flow)));
          setInboxShown(true);
        },
        flow: (flow) => setFlows((current) => applyChange(current, flow)),
        connected: setConnected,
      }),
    [client],
  );
  // Once the person has allowed notices, the service is handed this browser's subscription at every start: one the
  // push service dropped (and the service deleted) is made afresh without asking again.
  useEffect(() => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      client.subscribePush().catch(() => false);
    }
  }, [client]);
  // A code handed by a link or scanned: the first device to pick the flow up holds it.
  const pickUp = useCallback(
    (code: string) =>
      void client.pickUp(code).then(
        (flow) => setFlows((current) => applyChange(current, flow)),
        (failure: Error) => setOutcome({ flow: null, error: failure.message }),
      ),
    [client],
  );
  // A same-device link opened the app. Picked up only once the stream's first inbox is shown, which replaces the list:
  // one read before the pick-up, arriving after it, would drop its card.
  useEffect(() => {
    if (!inboxShown) return;
    const code = takeHandedCode();
    if (code) pickUp(code);
  }, [pickUp, inboxShown]);
  // A notice opened the app on a flow: it is brought into view once the stream has shown it.
  useEffect(() => {
    if (!notified || !flows.some((flow) => flow.id === notified)) return;
    const card = document.querySelector<HTMLElement>(`[data-flow="${CSS.escape(notified)}"]`);
    card?.scrollIntoView({ block: 'start' });
  }, [notified, flows]);
  // Expiry is not an event the stream sends: a flow leaves the inbox when its time is up.
  useEffect(() => {
    const timer = setInterval(() => setFlows((current) => current.filter((flow) => waitsForThisDevice(flow))), 1000);
    return () => clearInterval(timer);
  }, []);

  const answered = (answer: Answered) => {
    setOutcome(answer);
    const flow = answer.flow;
    if (!answer.error && flow) setFlows((current) => applyChange(current, flow));
  };

  return (
    <>
      <section aria-labelledby="inbox-title">
        <h2 id="inbox-title">{T.title}</h2>
        <p class="meta">
          {T.enrolledAs(device.label)} ·{' '}
          <span id="connection" data-connected={connected}>
            {connected ? T.connected : T.reconnecting}
          </span>
        </p>
        {!device.passkey && (
          <p id="no-passkey" class="meta">
            {T.noPasskey}
          </p>
        )}
        <div id="outcome" role="status" aria-live="polite">
          {outcome && (
            <p class={outcome.error ? 'outcome error' : `outcome ${outcome.flow?.status}`}>
              {outcomeText(outcome)}{' '}
              <button type="button" class="secondary" onClick={() => setOutcome(null)}>
                {STRINGS.outcome.dismiss}
              </button>
            </p>
          )}
        </div>
        {inboxShown && <QrScan read={flowCodeOf} onScanned={pickUp} unrecognised={STRINGS.scan.notAFlow} />}
        {flows.length === 0 ? (
          <p id="inbox-empty">{T.empty}</p>
        ) : (
          flows.map((flow) => (
            <FlowCard key={flow.id} flow={flow} device={device} client={client} onAnswered={answered} />
          ))
        )}
      </section>
      <History client={client} />
      <DeviceRemoval client={client} onRemoved={onRemoved} />
    </>
  );
}
