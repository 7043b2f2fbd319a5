import type { AdminClient } from '../admin-client';
import type { Environment, Role } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { RevocationCells } from '../Revocation';
import { covers } from '../roles';
import type { Passkey } from '../admin-types';
import { Table } from '../Table';
import { useAction, useLoaded } from '../use-loaded';

/**
 * The passkeys of a person's devices, beside the devices: revoking one (owners only) stops its device approving until
 * it registers a new passkey, without revoking the device.
 */
export function Passkeys({
  client,
  role,
  person,
}: {
  client: AdminClient;
  role: Role;
  person: { environment: Environment; nin: string };
}) {
  const passkeys = useLoaded(
    () =>
      client.get<{ passkeys: Passkey[] }>(`/persons/${person.environment}/${encodeURIComponent(person.nin)}/passkeys`),
    [client, person],
  );
  const action = useAction();
  const mayRevoke = covers(role, 'owner');
  const revoke = (passkey: Passkey) =>
    action.run(async () => {
      await client.post(`/devices/${passkey.deviceId}/passkey/revoke`);
      passkeys.reload();
    });

  return (
    <>
      <Refusal message={action.error ?? passkeys.error} />
      <Table
        id="passkeys"
        caption={`Passkeys of ${person.nin}'s devices, oldest first: a device with one approves only after the person's screen lock`}
        columns={['Device', 'Authenticator', 'Registered', 'Revoked', mayRevoke && 'Action']}
      >
        {passkeys.value?.passkeys.map((passkey) => (
          <tr key={passkey.deviceId}>
            <td>
              {passkey.deviceLabel} <span class="muted">{passkey.deviceId}</span>
              {passkey.deviceRevokedAt !== null && <span class="muted"> (device revoked)</span>}
            </td>
            <td>{passkey.transports.join(', ') || 'not said'}</td>
            <td>{when(passkey.createdAt)}</td>
            <RevocationCells
              revokedAt={passkey.revokedAt}
              mayRevoke={mayRevoke}
              busy={action.busy}
              label={`passkey of ${passkey.deviceLabel}`}
              revoke={() => revoke(passkey)}
            />
          </tr>
        ))}
      </Table>
      {passkeys.value?.passkeys.length === 0 && <p>No device of this person has a passkey.</p>}
    </>
  );
}
