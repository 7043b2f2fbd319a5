import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { App, IntendedUse, Role } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { covers } from '../roles';
import { CREDENTIAL_TYPES } from '../settings-types';
import { Table } from '../Table';
import { useAction, useLoaded } from '../use-loaded';

/** The claims as the operator types them: catalog keys separated by commas or spaces. */
const claimList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * The intended uses an app registered for the EU wallet, which its wallet requests are held to: registered and
 * removed by operators (a change is a removal and a new registration, as the API has it).
 */
export function IntendedUses({ client, role, app }: { client: AdminClient; role: Role; app: App }) {
  const uses = useLoaded(
    () => client.get<{ intendedUses: IntendedUse[] }>(`/apps/${app.appId}/intended-uses`),
    [client, app.appId],
  );
  const [name, setName] = useState('');
  const [purpose, setPurpose] = useState('');
  const [credentials, setCredentials] = useState<string[]>([CREDENTIAL_TYPES[0]]);
  const [claims, setClaims] = useState('');
  const change = useAction();
  const mayChange = covers(role, 'operator');

  const register = (event: Event) => {
    event.preventDefault();
    change.run(async () => {
      await client.post(`/apps/${app.appId}/intended-uses`, { name, purpose, credentials, claims: claimList(claims) });
      setName('');
      setPurpose('');
      setClaims('');
      uses.reload();
    });
  };
  const remove = (use: IntendedUse) =>
    change.run(async () => {
      await client.delete(`/apps/${app.appId}/intended-uses/${encodeURIComponent(use.name)}`);
      uses.reload();
    });
  const toggle = (credential: string, on: boolean) =>
    setCredentials((chosen) => (on ? [...chosen, credential] : chosen.filter((one) => one !== credential)));

  return (
    <section aria-labelledby="intended-uses-title">
      <h4 id="intended-uses-title">EU wallet intended uses of {app.name}</h4>
      <Refusal message={uses.error} />
      <Table
        caption="Registered intended uses: once there is one, each wallet request names one and asks no more than it"
        columns={['Name', 'Purpose', 'Credentials', 'Claims', 'Registered', mayChange && 'Action']}
      >
        {uses.value?.intendedUses.map((use) => (
          <tr key={use.name}>
            <td>
              <code>{use.name}</code>
            </td>
            <td>{use.purpose}</td>
            <td>{use.credentials.join(', ')}</td>
            <td>{use.claims.join(', ')}</td>
            <td>{when(use.createdAt)}</td>
            {mayChange && (
              <td>
                <button
                  type="button"
                  class="danger"
                  disabled={change.busy}
                  aria-label={`Remove intended use ${use.name}`}
                  onClick={() => remove(use)}
                >
                  Remove
                </button>
              </td>
            )}
          </tr>
        ))}
      </Table>
      {uses.value?.intendedUses.length === 0 && (
        <p>None registered: its wallet requests are held to none until one is.</p>
      )}
      {mayChange && (
        <form class="stacked" onSubmit={register}>
          <fieldset>
            <legend>Register an intended use</legend>
            <label for="use-name">Name (what wallet requests give as intendedUse)</label>
            <input id="use-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
            <label for="use-purpose">Purpose, as the person's wallet shows it</label>
            <input id="use-purpose" required value={purpose} onInput={(e) => setPurpose(e.currentTarget.value)} />
            <span class="label">Credentials</span>
            {CREDENTIAL_TYPES.map((credential) => (
              <label class="check" key={credential}>
                <input
                  type="checkbox"
                  checked={credentials.includes(credential)}
                  onChange={(e) => toggle(credential, e.currentTarget.checked)}
                />
                {credential}
              </label>
            ))}
            <label for="use-claims">Claims (catalog keys separated by commas, e.g. naming.given, naming.family)</label>
            <input id="use-claims" value={claims} onInput={(e) => setClaims(e.currentTarget.value)} />
          </fieldset>
          <p>
            <button type="submit" disabled={change.busy}>
              Register intended use
            </button>
          </p>
        </form>
      )}
      <Refusal message={change.error} id="intended-use-refusal" />
    </section>
  );
}
