import type { AdminClient } from '../admin-client';
import type { App, Delivery, Role } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { Table } from '../Table';
import { covers } from '../roles';
import { useAction, useLoaded } from '../use-loaded';

const lastAnswer = (delivery: Delivery) =>
  [delivery.lastStatusCode === null ? undefined : `HTTP ${delivery.lastStatusCode}`, delivery.lastError ?? undefined]
    .filter(Boolean)
    .join(': ') || 'none yet';

/** What idflow sent to an app's webhook: each delivery's attempts and last answer, and sending one again. */
export function Deliveries({ client, role, app }: { client: AdminClient; role: Role; app: App }) {
  const deliveries = useLoaded(
    () => client.get<{ deliveries: Delivery[] }>(`/apps/${app.appId}/webhook-deliveries`),
    [client, app.appId],
  );
  const redeliver = useAction();
  const mayChange = covers(role, 'operator');

  const send = (delivery: Delivery) =>
    redeliver.run(async () => {
      await client.post(`/apps/${app.appId}/webhook-deliveries/${delivery.id}/redeliver`);
      deliveries.reload();
    });

  return (
    <section aria-labelledby="deliveries-title">
      <h4 id="deliveries-title">Webhook deliveries of {app.name}</h4>
      <button type="button" class="secondary" onClick={deliveries.reload}>
        Refresh deliveries
      </button>
      <Refusal message={redeliver.error ?? deliveries.error} />
      <Table
        caption="Deliveries, newest first"
        columns={['Event', 'Reference', 'Status', 'Attempts', 'Last answer', 'Last attempt', mayChange && 'Action']}
      >
        {deliveries.value?.deliveries.map((delivery) => (
          <tr key={delivery.id} data-delivery={delivery.id}>
            <td>{delivery.type}</td>
            <td>{delivery.reference}</td>
            <td class={`status-${delivery.status}`}>{delivery.status}</td>
            <td>{delivery.attempts}</td>
            <td>{lastAnswer(delivery)}</td>
            <td>{when(delivery.lastAttemptAt)}</td>
            {mayChange && (
              <td>
                {delivery.status !== 'delivering' && (
                  <button
                    type="button"
                    disabled={redeliver.busy}
                    aria-label={`Redeliver ${delivery.type} ${delivery.id}`}
                    onClick={() => send(delivery)}
                  >
                    Redeliver
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </Table>
    </section>
  );
}
