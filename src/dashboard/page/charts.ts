/** Charts, drawn by uPlot (bundled into the page at build time: no CDN). */
import uPlot from 'uplot';

export interface Series {
  label: string;
  values: Array<number | null>;
  color: string;
  /** Draw as bars instead of a line. */
  bars?: boolean;
  /** Formats a value in the legend. */
  format?: (v: number) => string;
}

const charts: uPlot[] = [];

/** Destroys the charts of the previous view. */
export function disposeCharts(): void {
  while (charts.length > 0) charts.pop()!.destroy();
}

/** The newest value of a series that has one, or null. */
export function newestValue(values: ReadonlyArray<number | null>): number | null {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return values[i]!;
  return null;
}

const shown = (s: Series, v: number | null): string => (v === null ? '—' : s.format ? s.format(v) : String(v));

/**
 * One point is no line: a chart of a single run or day is drawn as a table of its values, readable without a cursor
 * (`data-single`).
 */
function singlePoint(container: HTMLElement, title: string, x: number, series: Series[], time: boolean): void {
  const table = document.createElement('table');
  table.className = 'grid single';
  table.dataset.single = '1';
  const caption = document.createElement('caption');
  caption.textContent = `${title}: ${time ? `the one day so far (${new Date(x * 1000).toISOString().slice(0, 10)})` : `the one run so far (#${x})`}`;
  table.append(caption);
  const body = document.createElement('tbody');
  for (const s of series) {
    const row = document.createElement('tr');
    const th = document.createElement('th');
    const sw = document.createElement('span');
    sw.className = 'key';
    sw.style.background = s.color;
    th.append(sw, s.label);
    const td = document.createElement('td');
    td.className = 'num';
    td.textContent = shown(s, s.values[0] ?? null);
    row.append(th, td);
    body.append(row);
  }
  table.append(body);
  container.append(table);
}

/**
 * A chart of `series` over `x` (seconds since the epoch when `time`, else run numbers). Its width follows the
 * container's at draw time. Its legend shows each series' newest value until the cursor picks another point, and
 * says so ("newest"); a single point is drawn as a table (singlePoint).
 */
export function chart(container: HTMLElement, title: string, x: number[], series: Series[], options: { time: boolean; yLabel: string; percent?: boolean }): void {
  if (x.length === 1) {
    singlePoint(container, title, x[0]!, series, options.time);
    return;
  }
  const width = Math.max(320, Math.min(1100, container.clientWidth || 900));
  const bars = uPlot.paths.bars!({ size: [0.8, 40] });
  const plot = new uPlot(
    {
      title,
      width,
      height: 240,
      scales: { x: { time: options.time }, y: options.percent ? { range: [0, 100] } : { auto: true } },
      axes: [
        // Run numbers are whole: no tick between two runs.
        options.time ? {} : { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
        { label: options.yLabel, size: 60, values: (_u, ticks) => ticks.map((t) => (options.percent ? `${t}%` : String(t))) },
      ],
      legend: { live: true },
      series: [
        {
          label: options.time ? 'day' : 'run',
          value: (_u: uPlot, v: number | null, _s: number, idx: number | null) => (idx === null || v === null ? 'newest' : options.time ? new Date(v * 1000).toISOString().slice(0, 10) : `#${v}`),
        },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: s.bars ? `${s.color}99` : undefined,
          width: s.bars ? 0 : 2,
          paths: s.bars ? bars : undefined,
          points: { show: !s.bars && x.length < 60 },
          value: (_u: uPlot, v: number | null, _s: number, idx: number | null) => shown(s, idx === null ? newestValue(s.values) : v),
        })),
      ],
    },
    [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
    container,
  );
  container.dataset.legend = series.map((s) => `${s.label}: ${shown(s, newestValue(s.values))}`).join('; ');
  charts.push(plot);
}
