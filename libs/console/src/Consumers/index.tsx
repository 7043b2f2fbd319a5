import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { Consumer, Role } from '../admin-types';
import { Apps } from '../Apps';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { SigningProviders } from '../SigningProviders';
import { Table } from '../Table';
import { covers } from '../roles';
import { useAction, useLoaded } from '../use-loaded';

/** The consumers (tenants) of the deployment; one opened shows its apps and its signing providers. */
export function Consumers({ client, role }: { client: AdminClient; role: Role }) {
  const consumers = useLoaded(() => client.get<{ consumers: Consumer[] }>('/consumers'), [client]);
  const [openId, setOpenId] = useState<string>();
  const [name, setName] = useState('');
  const create = useAction();
  const opened = consumers.value?.consumers.find((consumer) => consumer.id === openId);

  const submit = (event: Event) => {
    event.preventDefault();
    create.run(async () => {
      const made = await client.post<Consumer>('/consumers', { name });
      setName('');
      setOpenId(made.id);
      consumers.reload();
    });
  };

  return (
    <section aria-labelledby="consumers-title">
      <h2 id="consumers-title">Consumers</h2>
      {covers(role, 'operator') && (
        <form class="inline" onSubmit={submit}>
          <label for="consumer-name">New consumer's name</label>
          <input id="consumer-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <button type="submit" disabled={create.busy}>
            Create consumer
          </button>
          <Refusal message={create.error} />
        </form>
      )}
      <Refusal message={consumers.error} />
      <Table caption="Every consumer, oldest first" columns={['Name', 'Id', 'Created', 'Last used']}>
        {consumers.value?.consumers.map((consumer) => (
          <tr key={consumer.id} class={consumer.id === openId ? 'open' : undefined}>
            <td>
              <button type="button" class="link" onClick={() => setOpenId(consumer.id)}>
                {consumer.name}
              </button>
            </td>
            <td>
              <code>{consumer.id}</code>
            </td>
            <td>{when(consumer.createdAt)}</td>
            <td>{when(consumer.lastUsedAt)}</td>
          </tr>
        ))}
      </Table>
      {opened && <Apps key={opened.id} client={client} role={role} consumer={opened} />}
      {opened && <SigningProviders key={opened.id} client={client} role={role} consumer={opened} />}
    </section>
  );
}
