import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { ApiKey, App, CreatedApiKey, Role } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { RevocationCells } from '../Revocation';
import { Table } from '../Table';
import { covers } from '../roles';
import { useAction, useLoaded } from '../use-loaded';

/** An app's API keys: made (the key shown once), revoked, and when each was last used. */
export function Keys({ client, role, app }: { client: AdminClient; role: Role; app: App }) {
  const keys = useLoaded(() => client.get<{ keys: ApiKey[] }>(`/apps/${app.appId}/keys`), [client, app.appId]);
  const [created, setCreated] = useState<CreatedApiKey>();
  const change = useAction();
  const mayChange = covers(role, 'operator');

  const createKey = () =>
    change.run(async () => {
      setCreated(await client.post<CreatedApiKey>(`/apps/${app.appId}/keys`));
      keys.reload();
    });
  const revoke = (key: ApiKey) =>
    change.run(async () => {
      await client.post(`/keys/${key.id}/revoke`);
      setCreated(undefined);
      keys.reload();
    });

  return (
    <section aria-labelledby="keys-title">
      <h4 id="keys-title">API keys of {app.name}</h4>
      {mayChange && (
        <button type="button" disabled={change.busy} onClick={createKey}>
          Create API key
        </button>
      )}
      <Refusal message={change.error ?? keys.error} />
      {created && (
        <div class="once" role="status">
          <p>
            The new key, shown this once: <code id="new-api-key">{created.apiKey}</code>
          </p>
          <button type="button" class="secondary" onClick={() => setCreated(undefined)}>
            I have copied it
          </button>
        </div>
      )}
      <Table
        caption="Keys, oldest first; the keys themselves are never shown again"
        columns={['Key', 'Created', 'Last used', 'Revoked', mayChange && 'Action']}
      >
        {keys.value?.keys.map((key) => (
          <tr key={key.id}>
            <td>
              <code>{key.hint}</code> <span class="muted">{key.id}</span>
            </td>
            <td>{when(key.createdAt)}</td>
            <td>{when(key.lastUsedAt)}</td>
            <RevocationCells
              revokedAt={key.revokedAt}
              mayRevoke={mayChange}
              busy={change.busy}
              label={`key ${key.hint}`}
              revoke={() => revoke(key)}
            />
          </tr>
        ))}
      </Table>
    </section>
  );
}
