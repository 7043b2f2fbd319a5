import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { AuditEntry, AuditPage, Operator } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { Table } from '../Table';
import { useAction, useLoaded } from '../use-loaded';

/** Entries asked for at a time: a screenful or two, whatever the length of the log. */
const PAGE = 50;

/** One page of the log, newest first, from the entry after `after` (the latest when absent). */
const pageAfter = (client: AdminClient, after?: string) =>
  client.get<AuditPage>(`/audit?order=newest&limit=${PAGE}${after ? `&after=${after}` : ''}`);

/** Offers a text as a file to save, as a link the browser follows. */
function save(text: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/**
 * Who changed what and when, newest first, with the status each change got: the latest page at first, older ones as
 * the operator asks for them. The whole log is exportable as JSON lines.
 */
export function Audit({ client }: { client: AdminClient }) {
  const [older, setOlder] = useState<AuditPage[]>([]);
  const log = useLoaded(async () => {
    setOlder([]);
    const [latest, { operators }] = await Promise.all([
      pageAfter(client),
      client.get<{ operators: Operator[] }>('/operators'),
    ]);
    return { latest, names: new Map(operators.map((operator) => [operator.id, operator.name])) };
  }, [client]);
  const exporting = useAction();
  const paging = useAction();

  const pages = log.value ? [log.value.latest, ...older] : [];
  const next = pages.at(-1)?.next ?? null;
  const entries: AuditEntry[] = pages.flatMap((page) => page.entries);
  const showOlder = () =>
    paging.run(async () => {
      const page = await pageAfter(client, next ?? undefined);
      setOlder((shown) => [...shown, page]);
    });

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <button
        type="button"
        class="secondary"
        disabled={exporting.busy}
        onClick={() => exporting.run(async () => save(await client.text('/audit/export'), 'idflow-audit.jsonl'))}
      >
        Export as JSON lines
      </button>
      <Refusal message={exporting.error ?? log.error ?? paging.error} />
      <Table caption="Every change, newest first" columns={['When', 'Who', 'What', 'Status']} id="audit-log">
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.at)}</td>
            <td>{log.value?.names.get(entry.actor) ?? entry.actor}</td>
            <td>
              <code>{entry.action}</code>
            </td>
            <td>{entry.status}</td>
          </tr>
        ))}
      </Table>
      <p class="muted" id="audit-shown" role="status">
        {log.value &&
          `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} shown${next ? '' : ': the whole log'}`}
      </p>
      {next && (
        <button type="button" class="secondary" disabled={paging.busy} onClick={showOlder}>
          Show older entries
        </button>
      )}
    </section>
  );
}
