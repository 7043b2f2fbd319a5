import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { Operator, Role } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { Table } from '../Table';
import { covers } from '../roles';
import { useAction, useLoaded } from '../use-loaded';

const ROLES: Role[] = ['owner', 'operator', 'viewer'];

/** The deployment's operators and their roles; only an owner names, changes or removes them. */
export function Operators({ client, role, self }: { client: AdminClient; role: Role; self: string }) {
  const operators = useLoaded(() => client.get<{ operators: Operator[] }>('/operators'), [client]);
  const [nin, setNin] = useState('');
  const [name, setName] = useState('');
  const [newRole, setNewRole] = useState<Role>('viewer');
  const change = useAction();
  const mayChange = covers(role, 'owner');

  const done = () => operators.reload();
  const add = (event: Event) => {
    event.preventDefault();
    change.run(async () => {
      await client.post('/operators', { nin, name, role: newRole });
      setNin('');
      setName('');
      done();
    });
  };
  const setRoleOf = (operator: Operator, to: Role) =>
    change.run(async () => {
      await client.patch(`/operators/${operator.id}`, { role: to });
      done();
    });
  const remove = (operator: Operator) =>
    change.run(async () => {
      await client.delete(`/operators/${operator.id}`);
      done();
    });

  return (
    <section aria-labelledby="operators-title">
      <h2 id="operators-title">Operators</h2>
      {mayChange && (
        <form class="inline" onSubmit={add}>
          <label for="operator-nin">National identification number</label>
          <input
            id="operator-nin"
            required
            inputMode="numeric"
            value={nin}
            onInput={(e) => setNin(e.currentTarget.value)}
          />
          <label for="operator-name">Name</label>
          <input id="operator-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <label for="operator-role">Role</label>
          <select id="operator-role" value={newRole} onChange={(e) => setNewRole(e.currentTarget.value as Role)}>
            {ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
          <button type="submit" disabled={change.busy}>
            Add operator
          </button>
        </form>
      )}
      <Refusal message={change.error ?? operators.error} />
      <Table
        caption="Owners change everything, operators change tenants, viewers read"
        columns={['Name', 'Role', 'Since', mayChange && 'Action']}
      >
        {operators.value?.operators.map((operator) => (
          <tr key={operator.id}>
            <td>
              {operator.name}
              {operator.id === self && ' (you)'}
            </td>
            <td>{operator.role}</td>
            <td>{when(operator.createdAt)}</td>
            {mayChange && (
              <td class="actions">
                {ROLES.filter((choice) => choice !== operator.role).map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    class="secondary"
                    disabled={change.busy}
                    onClick={() => setRoleOf(operator, choice)}
                  >
                    Make {operator.name} {choice}
                  </button>
                ))}
                <button type="button" class="danger" disabled={change.busy} onClick={() => remove(operator)}>
                  Remove {operator.name}
                </button>
              </td>
            )}
          </tr>
        ))}
      </Table>
    </section>
  );
}
