import { useState } from 'preact/hooks';
import { type DeviceRecord, signChallenge } from '../device-key';
import { expiryNotice } from '../expiry-notice';
import { STRINGS, actionPhrase, claimLabel } from '../strings';
import type { WalletClient } from '../wallet-client';
import type { Approval, HolderFlow } from '../wallet-types';

const T = STRINGS.flow;

export interface Answered {
  /** Null when there was no flow to answer (a handed code the service refused). */
  flow: HolderFlow | null;
  /** The service's refusal, when the answer was not taken. */
  error?: string;
}

interface Props {
  flow: HolderFlow;
  device: DeviceRecord;
  client: WalletClient;
  onAnswered: (answer: Answered) => void;
}

/** One request: who asks, what for, what it would release or sign, and the two answers. */
export function FlowCard({ flow, device, client, onAnswered }: Props) {
  const [released, setReleased] = useState<string[]>(flow.requestedClaims);
  const [choice, setChoice] = useState('');
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const signs = flow.mode !== 'identification';
  const needsChoice = !!flow.verificationChoices?.length;

  const answer = async (send: () => Promise<HolderFlow>) => {
    setBusy(true);
    try {
      // A pushed flow is taken first: the service lets only the device that holds it answer.
      if (!flow.held) await client.accept(flow.id);
      onAnswered({ flow: await send() });
    } catch (failure) {
      onAnswered({ flow, error: (failure as Error).message });
      setBusy(false);
    }
  };

  const approve = (event: Event) => {
    event.preventDefault();
    void answer(async () => {
      const approval: Approval = needsChoice ? { verificationCode: choice } : {};
      if (signs && flow.challenge) approval.signature = await signChallenge(device, flow.challenge);
      else approval.claims = released;
      if (device.passkey) approval.passkey = await client.passkeyAssertion(flow.id);
      return client.approve(flow.id, approval);
    });
  };
  const decline = (event: Event) => {
    event.preventDefault();
    void answer(() => client.decline(flow.id, reason.trim()));
  };
  const toggle = (key: string, on: boolean) =>
    setReleased((current) => (on ? [...current, key] : current.filter((entry) => entry !== key)));

  const titleId = `flow-${flow.id}-title`;
  return (
    <article class="card flow" data-flow={flow.id} aria-labelledby={titleId}>
      <h2 id={titleId}>
        {T.asks(flow.app)} <strong>{actionPhrase(flow.action)}</strong>
      </h2>
      {flow.mode === 'signing' ? (
        <section>
          <h3>{T.signTitle}</h3>
          <p class="payload sign-text">{flow.payload}</p>
        </section>
      ) : (
        <p class="payload">{flow.payload}</p>
      )}
      {flow.verificationCode && (
        <p class="verification">
          {T.verificationCode}: <strong class="code">{flow.verificationCode}</strong>
        </p>
      )}
      {flow.document && (
        <section class="document">
          <h3>{T.documentTitle}</h3>
          <p class="document-name">{flow.document.name}</p>
          <p>{T.documentPages(flow.document.pages)}</p>
          <p class="hash">
            {T.documentHash}: <code>{flow.document.sha256}</code>
          </p>
          <p class="signature">{T.documentSignature[flow.document.signature]}</p>
          <a href={flow.document.url} target="_blank" rel="noopener noreferrer">
            {T.documentOpen}
          </a>
        </section>
      )}
      {declining ? (
        <form class="answer" onSubmit={decline}>
          <label for={`reason-${flow.id}`}>{T.declineReason}</label>
          <textarea
            id={`reason-${flow.id}`}
            maxLength={500}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
          <button type="submit" class="decline" disabled={busy}>
            {busy ? T.working : T.confirmDecline}
          </button>
          <button type="button" class="secondary" onClick={() => setDeclining(false)}>
            {T.cancel}
          </button>
        </form>
      ) : (
        <form class="answer" onSubmit={approve}>
          {!signs && flow.requestedClaims.length > 0 && (
            <fieldset>
              <legend>{T.claimsTitle}</legend>
              {flow.requestedClaims.map((key) => (
                <label class="check" key={key}>
                  <input
                    type="checkbox"
                    name="claims"
                    value={key}
                    checked={released.includes(key)}
                    onChange={(event) => toggle(key, event.currentTarget.checked)}
                  />
                  {claimLabel(key)}
                </label>
              ))}
            </fieldset>
          )}
          {needsChoice && (
            <fieldset>
              <legend>{T.chooseCode}</legend>
              {flow.verificationChoices!.map((code) => (
                <label class="check" key={code}>
                  <input
                    type="radio"
                    name={`choice-${flow.id}`}
                    value={code}
                    required
                    checked={choice === code}
                    onChange={() => setChoice(code)}
                  />
                  <span class="code">{code}</span>
                </label>
              ))}
            </fieldset>
          )}
          <button type="submit" class="approve" disabled={busy}>
            {busy ? T.working : signs ? T.sign : T.approve}
          </button>
          <button type="button" class="secondary" onClick={() => setDeclining(true)}>
            {T.decline}
          </button>
        </form>
      )}
      <p class="expires">{expiryNotice(new Date(flow.exp * 1000))}</p>
    </article>
  );
}
