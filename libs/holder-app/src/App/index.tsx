import { useEffect, useState } from 'preact/hooks';
import { type DeviceRecord, loadDevice, saveDevice } from '../device-key';
import { Enroll } from '../Enroll';
import { Inbox } from '../Inbox';
import { STRINGS } from '../strings';

/** The shell: enrollment until this browser holds a device key, the inbox after. */
export function App() {
  const [device, setDevice] = useState<DeviceRecord | null | undefined>(undefined);
  useEffect(() => {
    loadDevice().then(
      (stored) => setDevice(stored ?? null),
      () => setDevice(null),
    );
  }, []);

  const enrolled = async (record: DeviceRecord) => {
    await saveDevice(record);
    setDevice(record);
  };

  return (
    <>
      <header class="bar">
        <h1>{STRINGS.appName}</h1>
      </header>
      <main id="main">
        {device === undefined ? null : device ? (
          <Inbox device={device} onRemoved={() => setDevice(null)} />
        ) : (
          <Enroll onEnrolled={enrolled} />
        )}
      </main>
    </>
  );
}
