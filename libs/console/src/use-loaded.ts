import { useEffect, useState } from 'preact/hooks';

/** Something read from the admin API: its value once read, or why it could not be, and a way to read it again. */
export interface Loaded<T> {
  value: T | undefined;
  error: string | undefined;
  reload: () => void;
}

export function useLoaded<T>(read: () => Promise<T>, inputs: unknown[]): Loaded<T> {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setError(undefined);
    read().then(
      (loaded) => current && setValue(loaded),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
    // `inputs` names what `read` depends on: it is read again when one of them changes.
  }, [...inputs, round]);
  return { value, error, reload: () => setRound((n) => n + 1) };
}

/** A change sent to the admin API: while it runs, and the API's reason when it refused. */
export function useAction(): {
  busy: boolean;
  error: string | undefined;
  run: (change: () => Promise<void>) => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = (change: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    change()
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setBusy(false));
  };
  return { busy, error, run };
}
