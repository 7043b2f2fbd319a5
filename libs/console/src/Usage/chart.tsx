/** One consumer's calls in each month shown. */
export interface UsageSeries {
  name: string;
  calls: number[];
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = 36;
/** Told apart by more than colour: each series also has its own dash. */
const COLOURS = ['#1757d6', '#b3261e', '#1b7f3b', '#7a4cc2', '#a15c00'];
const DASHES = ['', '6 3', '2 3', '10 4 2 4', '1 2'];

/** A line per consumer across the months, drawn as inline SVG: no library, nothing the page's policy forbids. */
export function UsageChart({ months, series }: { months: string[]; series: UsageSeries[] }) {
  const top = Math.max(1, ...series.flatMap((line) => line.calls));
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, months.length - 1);
  const y = (calls: number) => HEIGHT - PAD - (calls * (HEIGHT - 2 * PAD)) / top;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="usage-chart-title">
        <title id="usage-chart-title">Calls per consumer and month, at most {top}</title>
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="#5b6675" />
        <line x1={PAD} y1={PAD} x2={PAD} y2={HEIGHT - PAD} stroke="#5b6675" />
        <text x={PAD - 6} y={PAD + 4} text-anchor="end" font-size="12">
          {top}
        </text>
        {months.map((month, index) => (
          <text key={month} x={x(index)} y={HEIGHT - PAD + 18} text-anchor="middle" font-size="12">
            {month}
          </text>
        ))}
        {series.map((line, index) => (
          <polyline
            key={line.name}
            fill="none"
            stroke-width="2.5"
            stroke={COLOURS[index % COLOURS.length]}
            stroke-dasharray={DASHES[index % DASHES.length]}
            points={line.calls.map((calls, month) => `${x(month)},${y(calls)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        {series.map((line, index) => (
          <span key={line.name} class="legend">
            <svg width="24" height="10" aria-hidden="true">
              <line
                x1="0"
                y1="5"
                x2="24"
                y2="5"
                stroke-width="2.5"
                stroke={COLOURS[index % COLOURS.length]}
                stroke-dasharray={DASHES[index % DASHES.length]}
              />
            </svg>
            {line.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
