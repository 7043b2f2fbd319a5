import type { AdminClient } from '../admin-client';
import type { MonthlyUsage } from '../admin-types';
import { Refusal } from '../Refusal';
import { Table } from '../Table';
import { useLoaded } from '../use-loaded';
import { UsageChart, type UsageSeries } from './chart';
import { lastMonths } from './months';

const MONTHS = 6;

/** Every consumer's metered calls over the last months, as the billing report counts them. */
function seriesOf(reports: MonthlyUsage[]): UsageSeries[] {
  const byConsumer = new Map<string, UsageSeries>();
  reports.forEach((report, month) => {
    for (const consumer of report.consumers) {
      const line = byConsumer.get(consumer.consumerId) ?? { name: consumer.name, calls: reports.map(() => 0) };
      line.calls[month] = consumer.calls;
      byConsumer.set(consumer.consumerId, line);
    }
  });
  return [...byConsumer.values()];
}

/** Usage and billing per consumer over time: a chart, and the same numbers as a table. */
export function Usage({ client }: { client: AdminClient }) {
  const months = lastMonths(MONTHS);
  const usage = useLoaded(
    () => Promise.all(months.map((month) => client.get<MonthlyUsage>(`/billing/usage?month=${month}`))),
    [client],
  );
  const series = usage.value ? seriesOf(usage.value) : [];
  return (
    <section aria-labelledby="usage-title">
      <h2 id="usage-title">Usage</h2>
      <Refusal message={usage.error} />
      {usage.value && series.length === 0 && <p>No metered calls in the last {MONTHS} months.</p>}
      {series.length > 0 && <UsageChart months={months} series={series} />}
      {usage.value && (
        <Table caption="Calls and cost per month" columns={['Month', 'Calls', 'Cost', 'Busiest consumer']}>
          {usage.value.map((report) => (
            <tr key={report.month}>
              <td>{report.month}</td>
              <td>{report.calls}</td>
              <td>{report.cost}</td>
              <td>{report.consumers[0]?.name ?? 'none'}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
