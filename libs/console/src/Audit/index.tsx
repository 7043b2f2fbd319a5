import type { AdminClient } from '../admin-client';
import type { AuditEntry, Operator } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { Table } from '../Table';
import { useAction, useLoaded } from '../use-loaded';

/** The most entries the API lists in one page. */
const PAGE = 500;

/** The whole audit log, oldest first, a page at a time as the API gives it. */
async function everyEntry(client: AdminClient): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (;;) {
    const after = entries.at(-1)?.id;
    const page = await client.get<{ entries: AuditEntry[] }>(`/audit?limit=${PAGE}${after ? `&after=${after}` : ''}`);
    entries.push(...page.entries);
    if (page.entries.length < PAGE) return entries;
  }
}

/** Offers a text as a file to save, as a link the browser follows. */
function save(text: string, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Who changed what and when, newest first, with the status each change got; exportable as JSON lines. */
export function Audit({ client }: { client: AdminClient }) {
  const log = useLoaded(async () => {
    const [entries, { operators }] = await Promise.all([
      everyEntry(client),
      client.get<{ operators: Operator[] }>('/operators'),
    ]);
    const names = new Map(operators.map((operator) => [operator.id, operator.name]));
    return entries.reverse().map((entry) => ({ ...entry, who: names.get(entry.actor) ?? entry.actor }));
  }, [client]);
  const exporting = useAction();

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
      <Refusal message={exporting.error ?? log.error} />
      <Table caption="Every change, newest first" columns={['When', 'Who', 'What', 'Status']} id="audit-log">
        {log.value?.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.at)}</td>
            <td>{entry.who}</td>
            <td>
              <code>{entry.action}</code>
            </td>
            <td>{entry.status}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
