import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { type DeviceRecord, saveDevice } from '../device-key';
import { followDeviceStream } from '../device-stream';
import { type Answered, FlowCard } from '../FlowCard';
import { DeviceRemoval } from '../DeviceRemoval';
import { History } from '../History';
import { QrScan } from '../QrScan';
import { flowCodeOf, takeHandedCode, takeNotifiedFlow } from '../handed-code';
import { applyChange, waitsForThisDevice } from '../inbox-state';
import { STRINGS } from '../strings';
import { WalletClient } from '../wallet-client';
import type { HolderFlow, PasskeyState } from '../wallet-types';

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
  // As the service has it, from the stream's inbox: until then, as this browser enrolled the device.
  const [passkey, setPasskey] = useState<PasskeyState | null>(null);
  const [passkeyOutcome, setPasskeyOutcome] = useState<string | null>(null);

  useEffect(
    () =>
      followDeviceStream(client, {
        inbox: (inbox) => {
          setFlows(inbox.flows.filter((flow) => waitsForThisDevice(flow)));
          setPasskey(inbox.passkey);
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

  // A passkey an operator revoked, or none made at enrollment: one made now guards the approvals from here on.
  const registerPasskey = () =>
    void client.registerPasskey().then(
      async () => {
        device.passkey = true;
        await saveDevice(device);
        setPasskey('registered');
        setPasskeyOutcome(T.passkeyRegistered);
      },
      (failure: Error) => setPasskeyOutcome(STRINGS.outcome.failed(failure.message)),
    );
  const noPasskey = passkey === 'none' || (passkey === null && !device.passkey);

  const answered = (answer: Answered) => {
    setOutcome(answer);
    // A refusal may be the passkey an operator revoked since the stream's inbox said otherwise: asked again, so that
    // the app offers a new one.
    if (answer.error) void client.passkeyState().then(setPasskey, () => undefined);
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
        {(noPasskey || passkey === 'revoked') && (
          <div class="passkey-notice">
            {passkey === 'revoked' ? (
              <p id="passkey-revoked" class="meta">
                {T.passkeyRevoked}
              </p>
            ) : (
              <p id="no-passkey" class="meta">
                {T.noPasskey}
              </p>
            )}
            <button type="button" class="secondary" onClick={registerPasskey}>
              {T.registerPasskey}
            </button>
          </div>
        )}
        <p id="passkey-outcome" class="meta" role="status" aria-live="polite">
          {passkeyOutcome}
        </p>
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
