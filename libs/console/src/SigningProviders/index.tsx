import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { Consumer, Environment, Role, SigningProvider, SigningProviderCheck } from '../admin-types';
import { EnvironmentSelect } from '../EnvironmentSelect';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { covers } from '../roles';
import { Table } from '../Table';
import { useAction, useLoaded } from '../use-loaded';

/** What a check found, in a sentence: the provider's own name and CSC version, or the problem in the API's words. */
function checkOutcome(check: SigningProviderCheck): string {
  if (!check.ok) return check.problem ?? `${check.name} failed the check`;
  const said = [check.info?.name, check.info?.specs && `CSC ${check.info.specs}`].filter(Boolean).join(', ');
  return `${check.name} answered${said ? ` (${said})` : ''} and accepted idflow's client`;
}

/**
 * The remote signing providers a consumer's advanced documents are signed at, per environment: added, checked and
 * removed by operators. A client secret is typed once: the API never answers it, only that one is set.
 */
export function SigningProviders({ client, role, consumer }: { client: AdminClient; role: Role; consumer: Consumer }) {
  const path = `/consumers/${consumer.id}/signing-providers`;
  const providers = useLoaded(() => client.get<{ signingProviders: SigningProvider[] }>(path), [client, path]);
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('sandbox');
  const [baseUrl, setBaseUrl] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [checked, setChecked] = useState<SigningProviderCheck>();
  const change = useAction();
  const mayChange = covers(role, 'operator');
  const named = (provider: SigningProvider) => `${path}/${encodeURIComponent(provider.name)}`;

  const add = (event: Event) => {
    event.preventDefault();
    change.run(async () => {
      await client.post(path, { name, environment, baseUrl, clientId, clientSecret });
      setName('');
      setBaseUrl('');
      setClientId('');
      setClientSecret('');
      providers.reload();
    });
  };
  const remove = (provider: SigningProvider) =>
    change.run(async () => {
      await client.delete(named(provider));
      setChecked(undefined);
      providers.reload();
    });
  const check = (provider: SigningProvider) =>
    change.run(async () => setChecked(await client.post<SigningProviderCheck>(`${named(provider)}/check`)));

  return (
    <section aria-labelledby="signing-providers-title" class="card">
      <h3 id="signing-providers-title">Signing providers of {consumer.name}</h3>
      <Refusal message={providers.error} />
      <Table
        caption="Remote signing providers (CSC API v2): the first of an environment signs the consumer's advanced documents"
        columns={['Name', 'Environment', 'Base URL', 'Client id', 'Secret', 'Updated', mayChange && 'Actions']}
      >
        {providers.value?.signingProviders.map((provider) => (
          <tr key={provider.name}>
            <td>
              <code>{provider.name}</code>
            </td>
            <td>{provider.environment}</td>
            <td>
              <code>{provider.baseUrl}</code>
            </td>
            <td>{provider.clientId}</td>
            <td>{provider.clientSecretSet ? 'set' : 'none'}</td>
            <td>{when(provider.updatedAt)}</td>
            {mayChange && (
              <td>
                <button
                  type="button"
                  disabled={change.busy}
                  aria-label={`Check signing provider ${provider.name}`}
                  onClick={() => check(provider)}
                >
                  Check
                </button>{' '}
                <button
                  type="button"
                  class="danger"
                  disabled={change.busy}
                  aria-label={`Remove signing provider ${provider.name}`}
                  onClick={() => remove(provider)}
                >
                  Remove
                </button>
              </td>
            )}
          </tr>
        ))}
      </Table>
      {providers.value?.signingProviders.length === 0 && (
        <p>
          None: its advanced documents are signed at the deployment's provider (SIGNING_PROVIDERS or the sandbox's).
        </p>
      )}
      {checked && (
        <p id="signing-provider-check" role="status">
          {checkOutcome(checked)}
        </p>
      )}
      {mayChange && (
        <form class="stacked" onSubmit={add}>
          <fieldset>
            <legend>Add a signing provider</legend>
            <label for="provider-name">Name (letters, digits, '.', '_' or '-')</label>
            <input id="provider-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
            <label for="provider-environment">Documents it signs</label>
            <EnvironmentSelect id="provider-environment" value={environment} onChange={setEnvironment} />
            <label for="provider-url">CSC API base URL (https://.../csc/v2)</label>
            <input
              id="provider-url"
              type="url"
              required
              value={baseUrl}
              onInput={(e) => setBaseUrl(e.currentTarget.value)}
            />
            <label for="provider-client">OAuth2 client id</label>
            <input id="provider-client" required value={clientId} onInput={(e) => setClientId(e.currentTarget.value)} />
            <label for="provider-secret">OAuth2 client secret (kept sealed, never shown again)</label>
            <input
              id="provider-secret"
              type="password"
              autocomplete="off"
              required
              value={clientSecret}
              onInput={(e) => setClientSecret(e.currentTarget.value)}
            />
          </fieldset>
          <p>
            <button type="submit" disabled={change.busy}>
              Add signing provider
            </button>
          </p>
        </form>
      )}
      <Refusal message={change.error} id="signing-provider-refusal" />
    </section>
  );
}
