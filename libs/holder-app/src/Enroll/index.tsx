import { platformAuthenticatorIsAvailable } from '@simplewebauthn/browser';
import { useState } from 'preact/hooks';
import { type DeviceRecord, saveDevice } from '../device-key';
import { enrollmentCodeOf } from '../handed-code';
import { QrScan } from '../QrScan';
import { STRINGS } from '../strings';
import { WalletClient } from '../wallet-client';

const T = STRINGS.enroll;
const supported = typeof indexedDB !== 'undefined' && !!globalThis.crypto?.subtle;

export function Enroll({ onEnrolled }: { onEnrolled: (device: DeviceRecord) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [label, setLabel] = useState(T.defaultLabel);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [noAuthenticator, setNoAuthenticator] = useState(false);

  const submit = (event: Event) => {
    event.preventDefault();
    void enroll(true);
  };
  const enroll = async (withPasskey: boolean) => {
    setBusy(true);
    setError('');
    setNoAuthenticator(false);
    try {
      // Asked before the code is spent: a browser with no authenticator leaves the passkey prompt waiting for minutes.
      if (withPasskey && !(await platformAuthenticatorIsAvailable())) {
        setNoAuthenticator(true);
        setBusy(false);
        return;
      }
      const device = await WalletClient.enroll(code.trim(), label.trim() || T.defaultLabel);
      // Kept at once, so that a person who leaves during the passkey prompt still holds the device the code made.
      await saveDevice(device);
      const client = new WalletClient(device);
      // Without a passkey the device's approvals simply ask for none, and the inbox says so.
      device.passkey =
        withPasskey &&
        (await client.registerPasskey().then(
          () => true,
          () => false,
        ));
      // Notices are a courtesy: the inbox shows every request whether or not the browser takes them.
      await client.subscribePush().catch(() => false);
      await onEnrolled(device);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  if (!supported) return <p role="alert">{T.unsupported}</p>;
  return (
    <form id="enroll" class="card" onSubmit={submit}>
      <h2>{T.title}</h2>
      <p>{T.intro}</p>
      <label for="enroll-code">{T.codeLabel}</label>
      <input
        id="enroll-code"
        name="code"
        autocomplete="one-time-code"
        autocapitalize="none"
        spellcheck={false}
        required
        minLength={4}
        maxLength={64}
        value={code}
        onInput={(event) => setCode(event.currentTarget.value)}
      />
      <QrScan read={enrollmentCodeOf} onScanned={setCode} unrecognised={T.scanNotACode} />
      <label for="enroll-label">{T.labelLabel}</label>
      <input
        id="enroll-label"
        name="label"
        maxLength={100}
        value={label}
        onInput={(event) => setLabel(event.currentTarget.value)}
      />
      {error && (
        <p id="enroll-error" class="error" role="alert">
          {error}
        </p>
      )}
      {noAuthenticator && (
        <div id="enroll-no-passkey" class="error" role="alert">
          <p>{T.noAuthenticator}</p>
          <button type="button" class="secondary" onClick={() => void enroll(false)}>
            {T.withoutPasskey}
          </button>
        </div>
      )}
      <button type="submit" disabled={busy}>
        {busy ? T.working : T.submit}
      </button>
    </form>
  );
}
