import { useState } from 'preact/hooks';
import { STRINGS, actionPhrase, claimLabel } from '../strings';
import type { WalletClient } from '../wallet-client';
import type { HistoryEntry } from '../wallet-types';

const T = STRINGS.history;

/** What the person approved and declined, when and to whom: read from the service when they ask for it. */
export function History({ client }: { client: WalletClient }) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState('');

  const toggle = () => {
    if (entries) return setEntries(null);
    setError('');
    client.history().then(setEntries, (failure: Error) => setError(T.failed(failure.message)));
  };

  return (
    <section aria-labelledby="history-title" class="card">
      <h2 id="history-title">{T.title}</h2>
      <button type="button" class="secondary" aria-expanded={entries !== null} onClick={toggle}>
        {entries ? T.hide : T.show}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {entries &&
        (entries.length === 0 ? (
          <p id="history-empty">{T.empty}</p>
        ) : (
          <ul id="history">
            {entries.map((entry) => (
              <li key={entry.flowId} data-flow={entry.flowId}>
                <strong>
                  {(entry.status === 'completed' ? T.approved : T.declined)(entry.app, actionPhrase(entry.action))}
                </strong>{' '}
                <time dateTime={new Date(entry.answeredAt * 1000).toISOString()}>
                  {new Date(entry.answeredAt * 1000).toLocaleString()}
                </time>
                {!entry.byThisDevice && <span class="meta"> {T.otherDevice}</span>}
                {entry.releasedClaims.length > 0 && (
                  <p class="meta">{T.released(entry.releasedClaims.map(claimLabel).join(', '))}</p>
                )}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
