import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { App, Consumer, CreatedApp, Environment, Role } from '../admin-types';
import { AppSettings } from '../AppSettings';
import { Deliveries } from '../Deliveries';
import { EnvironmentSelect } from '../EnvironmentSelect';
import { IntendedUses } from '../IntendedUses';
import { when } from '../format';
import { Keys } from '../Keys';
import { Refusal } from '../Refusal';
import { Table } from '../Table';
import { covers } from '../roles';
import { useAction, useLoaded } from '../use-loaded';

/**
 * A consumer's apps, their environments and scopes; one opened shows its keys, its OIDC, CIBA and EU wallet settings
 * and its webhook deliveries.
 */
export function Apps({ client, role, consumer }: { client: AdminClient; role: Role; consumer: Consumer }) {
  const apps = useLoaded(
    () => client.get<{ apps: App[] }>(`/apps?consumerId=${encodeURIComponent(consumer.id)}`),
    [client, consumer.id],
  );
  const [openId, setOpenId] = useState<string>();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('sandbox');
  const [created, setCreated] = useState<CreatedApp>();
  const [rotated, setRotated] = useState<string>();
  const create = useAction();
  const rotate = useAction();
  const opened = apps.value?.apps.find((app) => app.appId === openId);

  const submit = (event: Event) => {
    event.preventDefault();
    create.run(async () => {
      const made = await client.post<CreatedApp>('/apps', { consumerId: consumer.id, name, environment });
      setName('');
      setCreated(made);
      setOpenId(made.appId);
      apps.reload();
    });
  };

  return (
    <section aria-labelledby="apps-title" class="card">
      <h3 id="apps-title">Apps of {consumer.name}</h3>
      {covers(role, 'operator') && (
        <form class="inline" onSubmit={submit}>
          <label for="app-name">New app's name</label>
          <input id="app-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <label for="app-environment">Environment</label>
          <EnvironmentSelect id="app-environment" value={environment} onChange={setEnvironment} />
          <button type="submit" disabled={create.busy}>
            Create app
          </button>
          <Refusal message={create.error} />
        </form>
      )}
      {created && (
        <div class="once" id="app-secrets" role="status">
          <p>
            Copy these now: they are shown this once. App secret <code>{created.appSecret}</code>, webhook secret{' '}
            <code>{created.webhookSecret}</code>
            {created.privateKey && ', and the claims private key below.'}
          </p>
          {created.privateKey && <pre>{created.privateKey}</pre>}
          <button type="button" class="secondary" onClick={() => setCreated(undefined)}>
            I have copied them
          </button>
        </div>
      )}
      <Refusal message={apps.error} />
      <Table caption="Apps, oldest first" columns={['Name', 'Id', 'Environment', 'Scopes', 'Last used']}>
        {apps.value?.apps.map((app) => (
          <tr key={app.appId} class={app.appId === openId ? 'open' : undefined}>
            <td>
              <button
                type="button"
                class="link"
                onClick={() => {
                  setOpenId(app.appId);
                  setRotated(undefined);
                }}
              >
                {app.name}
              </button>
            </td>
            <td>
              <code>{app.appId}</code>
            </td>
            <td>{app.environment}</td>
            <td>{app.scopes.join(', ')}</td>
            <td>{when(app.lastUsedAt)}</td>
          </tr>
        ))}
      </Table>
      {opened && covers(role, 'operator') && (
        <p>
          <button
            type="button"
            class="secondary"
            disabled={rotate.busy}
            onClick={() =>
              rotate.run(async () => {
                const app = await client.post<{ appSecret: string }>(`/apps/${opened.appId}/rotate-secret`);
                setRotated(app.appSecret);
              })
            }
          >
            Rotate the app secret of {opened.name}
          </button>
        </p>
      )}
      <Refusal message={rotate.error} />
      {rotated && (
        <div class="once" role="status">
          <p>
            The new app secret, shown this once; the old one no longer works: <code id="new-app-secret">{rotated}</code>
          </p>
          <button type="button" class="secondary" onClick={() => setRotated(undefined)}>
            I have copied it
          </button>
        </div>
      )}
      {opened && (
        <div key={opened.appId}>
          <Keys client={client} role={role} app={opened} />
          <AppSettings client={client} role={role} app={opened} />
          <IntendedUses client={client} role={role} app={opened} />
          <Deliveries client={client} role={role} app={opened} />
        </div>
      )}
    </section>
  );
}
