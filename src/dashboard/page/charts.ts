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

/**
 * A chart of `series` over `x` (seconds since the epoch when `time`, else run numbers). Its width follows the
 * container's at draw time.
 */
export function chart(container: HTMLElement, title: string, x: number[], series: Series[], options: { time: boolean; yLabel: string; percent?: boolean }): void {
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
        { label: options.time ? 'day' : 'run' },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          fill: s.bars ? `${s.color}99` : undefined,
          width: s.bars ? 0 : 2,
          paths: s.bars ? bars : undefined,
          points: { show: !s.bars && x.length < 60 },
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : s.format ? s.format(v) : String(v)),
        })),
      ],
    },
    [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
    container,
  );
  charts.push(plot);
}
