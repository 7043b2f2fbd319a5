import { useState } from 'preact/hooks';
import { forgetDevice } from '../device-key';
import { STRINGS } from '../strings';
import type { WalletClient } from '../wallet-client';

const T = STRINGS.removal;

/** Removes this device: revoked on the service first, then its key forgotten here, and the app is back at enrollment. */
export function DeviceRemoval({ client, onRemoved }: { client: WalletClient; onRemoved: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const remove = async () => {
    if (!confirm(T.confirm)) return;
    setBusy(true);
    setError('');
    try {
      await client.remove();
      await forgetDevice();
      onRemoved();
    } catch (failure) {
      setError(T.failed((failure as Error).message));
      setBusy(false);
    }
  };

  return (
    <section class="card" aria-label={T.button}>
      <button type="button" id="remove-device" class="secondary" disabled={busy} onClick={() => void remove()}>
        {busy ? T.working : T.button}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
