import { useState } from 'preact/hooks';
import type { AdminClient } from '../admin-client';
import type { FlowSummary } from '../admin-types';
import { when } from '../format';
import { Refusal } from '../Refusal';
import { useAction } from '../use-loaded';

const FLOW_ID = /^(req|doc)_[0-9A-Za-z]+$/;

/** Finds flows by id, or by the webhook reference an integrator gave them. */
async function search(client: AdminClient, text: string): Promise<FlowSummary[]> {
  if (FLOW_ID.test(text)) return [await client.get<FlowSummary>(`/flows/${text}`)];
  return (await client.get<{ flows: FlowSummary[] }>(`/flows?reference=${encodeURIComponent(text)}`)).flows;
}

/** A flow's state and timeline; the API never gives its claims, payload or persons, so neither does the console. */
export function Flows({ client }: { client: AdminClient }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<FlowSummary[]>();
  const searching = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    searching.run(async () => setFound(await search(client, text.trim())));
  };

  return (
    <section aria-labelledby="flows-title">
      <h2 id="flows-title">Flows</h2>
      <form class="inline" role="search" onSubmit={submit}>
        <label for="flow-search">Flow id or webhook reference</label>
        <input id="flow-search" required value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <button type="submit" disabled={searching.busy}>
          Find flows
        </button>
      </form>
      <Refusal message={searching.error} />
      {found?.length === 0 && <p role="status">No flow has this reference.</p>}
      {found?.map((flow) => (
        <article key={flow.id} class="card" data-flow={flow.id} aria-labelledby={`flow-${flow.id}`}>
          <h3 id={`flow-${flow.id}`}>
            <code>{flow.id}</code>: {flow.status}
            {flow.endReason && ` (${flow.endReason})`}
          </h3>
          <p>
            {flow.kind} ({flow.action}, {flow.startMode}) for {flow.appName} in {flow.environment}
            {flow.reference && `, reference ${flow.reference}`}; expires {when(flow.expiresAt)}
          </p>
          <ol class="timeline">
            {flow.timeline.map((moment, index) => (
              <li key={index}>
                {when(moment.at)}: {moment.event}
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  );
}
