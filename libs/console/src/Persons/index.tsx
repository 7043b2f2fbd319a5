import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { Device, Environment, Role } from '../admin-types';
import { when } from '../format';
import { EnvironmentSelect } from '../EnvironmentSelect';
import { Passkeys } from '../Passkeys';
import { Refusal } from '../Refusal';
import { RevocationCells } from '../Revocation';
import { covers } from '../roles';
import { Table } from '../Table';
import { useAction } from '../use-loaded';

/** A person's devices and their passkeys, looked up by NIN: which hold their digital ID, and revoking one (owners only). */
export function Persons({ client, role }: { client: AdminClient; role: Role }) {
  const [environment, setEnvironment] = useState<Environment>('production');
  const [nin, setNin] = useState('');
  const [shown, setShown] = useState<{ environment: Environment; nin: string; devices: Device[] }>();
  const action = useAction();
  const mayRevoke = covers(role, 'owner');

  const read = (of: { environment: Environment; nin: string }) =>
    client
      .get<{ devices: Device[] }>(`/persons/${of.environment}/${encodeURIComponent(of.nin)}/devices`)
      .then(({ devices }) => setShown({ ...of, devices }));
  const submit = (event: Event) => {
    event.preventDefault();
    action.run(() => read({ environment, nin: nin.trim() }));
  };
  const revoke = (device: Device) =>
    action.run(async () => {
      await client.post(`/devices/${device.id}/revoke`);
      if (shown) await read(shown);
    });

  return (
    <section aria-labelledby="persons-title">
      <h2 id="persons-title">Persons</h2>
      <form class="inline" role="search" onSubmit={submit}>
        <label for="person-environment">Environment</label>
        <EnvironmentSelect id="person-environment" value={environment} onChange={setEnvironment} />
        <label for="person-nin">National identification number</label>
        <input
          id="person-nin"
          required
          inputMode="numeric"
          value={nin}
          onInput={(e) => setNin(e.currentTarget.value)}
        />
        <button type="submit" disabled={action.busy}>
          Show devices
        </button>
      </form>
      <Refusal message={action.error} />
      {shown && (
        <Table
          caption={`Devices of ${shown.nin} (${shown.environment}), oldest first`}
          columns={['Device', 'Key', 'Enrolled', 'Revoked', mayRevoke && 'Action']}
        >
          {shown.devices.map((device) => (
            <tr key={device.id}>
              <td>
                {device.label}
                {device.virtual && ' (the sandbox simulator)'} <span class="muted">{device.id}</span>
              </td>
              <td>{device.alg}</td>
              <td>{when(device.createdAt)}</td>
              <RevocationCells
                revokedAt={device.revokedAt}
                mayRevoke={mayRevoke}
                busy={action.busy}
                label={`device ${device.label}`}
                revoke={() => revoke(device)}
              />
            </tr>
          ))}
        </Table>
      )}
      {shown && <Passkeys client={client} role={role} person={shown} />}
    </section>
  );
}
