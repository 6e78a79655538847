/**
 * `npm run bench`: the performance suite. One table, one JSON file (.bench/results.json).
 *
 * - parse:   JUnit parsing of 10k and 100k test cases (scripts/bench/parse.ts, benchParse)
 * - scoring: every scoring method over 100k tests with 100-run histories (scripts/bench/scoring.ts, benchScoring)
 * - step:    the whole action step, node dist/index.js, on a 10k-test suite with a 200-run history on a local
 *            data branch: wall time and peak RSS (scripts/bench/step.ts)
 * - growth:  parse, scoring and the step at 1k, 10k and 100k tests (scripts/bench/growth.ts)
 * - dashboard: the dashboard page's first meaningful paint in headless Chromium at 10k and 100k tests
 *            (scripts/bench/dashboard.ts)
 * - export:  `flakeguard export` of a 1k-test, 100-run branch to NDJSON and Parquet: rows/s, bytes a row, peak RSS
 *            (scripts/bench/export.ts; larger sizes with its own command, docs/warehouse.md "Scale")
 * - latency: the step over a delaying proxy (git over HTTP, the GitHub fake) at 0, 30 and 100 ms round trips, 1k and
 *            10k tests: wall time, round trips, bytes, a lost push race (scripts/bench/latency.ts)
 *
 *   npm run bench [-- --only parse,scoring,step,growth,dashboard,export,latency] [-- --sizes 1000,10000]
 *   npm run bench -- --only latency --latency 30 [--latency-sizes 1000,10000,100000]
 *
 * Needs a built dist/ (npm run build). The generated data branches are cached in .bench/cache/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, '.bench/results.json');

interface Row {
  suite: string;
  case: string;
  ms: number | null;
  peakRssMiB: number | null;
  note: string;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const only = new Set((option('only') ?? 'parse,scoring,step,growth,dashboard,export,latency').split(','));
const rows: Row[] = [];
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), cpu: cpus()[0]?.model, node: process.versions.node },
  loadBefore: loadavg(),
};
const log = (m: string): void => console.error(m);

/** Runs another helper's benchmark when its file exists; a missing one is skipped with a note. */
async function external(name: string, file: string, exported: string): Promise<unknown[] | undefined> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(file)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(file.split('/').pop()!)) {
      rows.push({ suite: name, case: '-', ms: null, peakRssMiB: null, note: `skipped: ${file} is missing` });
      results[name] = { skipped: `${file} is missing` };
      return undefined;
    }
    throw error;
  }
  const fn = mod[exported];
  if (typeof fn !== 'function') {
    rows.push({ suite: name, case: '-', ms: null, peakRssMiB: null, note: `skipped: ${file} does not export ${exported}()` });
    results[name] = { skipped: `no ${exported}()` };
    return undefined;
  }
  log(`${name}: ${exported}() ...`);
  const out = (await (fn as () => Promise<unknown>)()) as unknown;
  results[name] = out;
  return Array.isArray(out) ? out : [out];
}

/** A table row from another helper's result object, whatever its exact shape. */
function rowOf(suite: string, r: Record<string, unknown>): Row {
  const num = (...keys: string[]): number | null => {
    for (const k of keys) if (typeof r[k] === 'number') return r[k] as number;
    return null;
  };
  const sec = num('scoreSec', 'sec', 'seconds');
  const ms = num('ms', 'medianMs', 'timeMs') ?? (sec === null ? null : sec * 1000);
  const label =
    typeof r.name === 'string'
      ? r.name
      : [r.mode, r.mixName, r.tests !== undefined ? `${r.tests} tests` : undefined, r.runsPerTest !== undefined ? `× ${r.runsPerTest} runs` : undefined].filter(Boolean).join(' ');
  const notes: string[] = [];
  if (typeof r.mbPerSec === 'number') notes.push(`${r.mbPerSec} MB/s`);
  if (typeof r.bytes === 'number') notes.push(`${(r.bytes / 1e6).toFixed(1)} MB`);
  if (typeof r.buildSec === 'number' && r.buildSec > 0) notes.push(`input built in ${(r.buildSec as number).toFixed(1)} s (not counted)`);
  if (typeof r.scoreCpuSec === 'number') notes.push(`CPU ${(r.scoreCpuSec as number).toFixed(1)} s`);
  return { suite, case: label || '-', ms: ms === null ? null : Math.round(ms), peakRssMiB: num('peakRssMiB', 'peakRssMb', 'rssMiB'), note: notes.join(', ') };
}

if (only.has('parse')) {
  for (const r of (await external('parse', './bench/parse.ts', 'benchParse')) ?? []) rows.push(rowOf('parse', r as Record<string, unknown>));
}
if (only.has('scoring')) {
  for (const r of (await external('scoring', './bench/scoring.ts', 'benchScoring')) ?? []) rows.push(rowOf('scoring', r as Record<string, unknown>));
}

const { benchStep } = await import('./bench/step.ts');
const { benchGrowth, growthTable } = await import('./bench/growth.ts');
type StepResult = Awaited<ReturnType<typeof benchStep>>;
const known = new Map<number, StepResult>();

if (only.has('step')) {
  // Issue #16's targets, each step paired with the whole-process parse floor measured just before it on the same
  // reports (scripts/bench/floor-entry.ts), then a clean run (no test failed, none new) at each size.
  const targets: Record<number, { ms: number; ratio?: number; rss: number }> = { 10_000: { ms: 1000, ratio: 3, rss: 200 }, 100_000: { ms: 6000, rss: 500 } };
  const stepSizes = (option('step-sizes') ?? '10000,100000').split(',').map(Number);
  results.step = {};
  for (const tests of stepSizes) {
    log(`step: node dist/index.js, ${tests} tests, 200-run history, paired with the parse floor ...`);
    const step = await benchStep({ tests, runs: 200, repeat: 3, floor: true, log });
    known.set(tests, step);
    const t = targets[tests];
    const f = step.floor!;
    const verdict = t
      ? `; targets ≤ ${t.ms} ms${t.ratio ? `, ≤ ${t.ratio}x the floor` : ''}, ≤ ${t.rss} MiB: ${step.ms <= t.ms ? 'met' : 'MISSED'}${t.ratio ? `, ${f.ratio <= t.ratio ? 'met' : 'MISSED'}` : ''}, ${step.peakRssMiB <= t.rss ? 'met' : 'MISSED'}`
      : '';
    rows.push({
      suite: 'step',
      case: `${tests / 1000}k tests, 200-run history`,
      ms: step.ms,
      peakRssMiB: step.peakRssMiB,
      note: `median of ${step.measures.length} (load ${step.load.join('/')}); parse floor ${f.ms} ms, ${f.peakRssMiB} MiB: step ${f.ratio}x the floor (paired), +${f.overMs} ms; the floor and the step's write alone ${f.withWriteRatio}x (ADR 0549); git ${step.gitMs} ms in ${step.gitCommands} commands (remote side ${step.gitRemoteMs} ms); CPU node ${step.cpuMs} ms + git ${step.childrenCpuMs ?? '?'} ms; branch ${Math.round(step.branchBytes / tests)} B a test, depth-1 fetch ${Math.round(step.fetchBytes / tests)} B a test${verdict}`,
    });
    log(`step: a clean run of ${tests} tests (none failed, none new) ...`);
    const clean = await benchStep({ tests, runs: 200, repeat: 3, floor: true, clean: true, log });
    const cf = clean.floor!;
    rows.push({
      suite: 'step',
      case: `${tests / 1000}k tests, clean run`,
      ms: clean.ms,
      peakRssMiB: clean.peakRssMiB,
      note: `parse floor ${cf.ms} ms: beyond parsing +${cf.overMs} ms, ${Math.round((cf.overMs * 1000) / tests)} µs a test (paired, median of ${clean.measures.length}, load ${clean.load.join('/')})`,
    });
    (results.step as Record<string, unknown>)[String(tests)] = { step, clean };
  }
}

if (only.has('growth')) {
  const sizes = option('sizes')?.split(',').map(Number);
  log(`growth: ${(sizes ?? [1000, 10000, 100000]).join(', ')} tests ...`);
  const growth = await benchGrowth({ sizes, known, log });
  results.growth = growth;
  for (const r of growth.rows) {
    rows.push({ suite: 'growth', case: `parse ${r.tests} tests`, ms: r.parse.ms, peakRssMiB: r.parse.peakRssMiB, note: `${(r.parse.bytes / 1e6).toFixed(1)} MB of XML` });
    rows.push({ suite: 'growth', case: `scoring ${r.tests} tests × 100 runs`, ms: r.scoring.ms, peakRssMiB: r.scoring.peakRssMiB, note: 'scoreAll, every method' });
    rows.push({
      suite: 'growth',
      case: `step ${r.tests} tests, 200-run history`,
      ms: r.step.ms,
      peakRssMiB: r.step.peakRssMiB,
      note: `git ${r.step.gitMs} ms (remote side ${r.step.gitRemoteMs}); CPU node ${r.step.cpuMs} + git ${r.step.childrenCpuMs ?? '?'} ms; branch ${(r.step.branchBytes / 1e6).toFixed(1)} MB`,
    });
  }
  for (const r of growth.ratios) {
    rows.push({
      suite: 'growth',
      case: `×${r.to / r.from} tests (${r.from}→${r.to})`,
      ms: null,
      peakRssMiB: null,
      note: `time ×: parse ${r.parseMs}, scoring ${r.scoringMs}, step ${r.stepMs} (CPU ×${r.stepCpu}); step RSS ×${r.stepRss}`,
    });
  }
  log('\n' + growthTable(growth));
}

if (only.has('dashboard')) {
  const { benchDashboard } = await import('./bench/dashboard.ts');
  log('dashboard: headless Chromium, first meaningful paint ...');
  const sizes = option('sizes')
    ?.split(',')
    .map(Number)
    .filter((n) => n >= 10_000);
  const dash = await benchDashboard({ sizes: sizes?.length ? sizes : undefined, log });
  results.dashboard = dash;
  for (const r of dash) {
    const d = r as Record<string, unknown>;
    const target = typeof d.targetMs === 'number' ? `; target < ${d.targetMs} ms: ${d.met ? 'met' : 'MISSED'}` : '';
    const note = Array.isArray(d.measures)
      ? `cold loads ${(d.measures as number[]).join('/')} ms; complete (every file read and drawn) ${(d.completes as number[]).join('/')} ms; search ${(d.searchMs as number[]).join('/')} ms a keystroke; branch ${((d.bytes as number) / 1e6).toFixed(1)} MB${target}`
      : `per run, page of ${d.pageBytes} bytes`;
    rows.push({ suite: 'dashboard', case: String(d.name), ms: d.ms as number, peakRssMiB: null, note });
  }
}

if (only.has('export')) {
  for (const r of (await external('export', './bench/export.ts', 'benchExport')) ?? []) {
    const m = (r as { measure: { rowsPerSec: number; bytesPerRow: Record<string, number>; rssAfterReadMiB: number } }).measure;
    rows.push({
      ...rowOf('export', r as Record<string, unknown>),
      note: `${m.rowsPerSec} rows/s; test_runs ${m.bytesPerRow.test_runs} B a row; RSS ${m.rssAfterReadMiB} MiB after the read`,
    });
  }
}

if (only.has('latency')) {
  const { benchLatency, latencyTable } = await import('./bench/latency.ts');
  // --latency 30: that round trip against none; default 0, 30 and 100 ms.
  const rtts = option('latency') ? [0, ...option('latency')!.split(',').map(Number)] : [0, 30, 100];
  const sizes = (option('latency-sizes') ?? '1000,10000').split(',').map(Number);
  log(`latency: the step through a delaying proxy, ${sizes.join(', ')} tests at ${rtts.join(', ')} ms ...`);
  const lat = await benchLatency({ sizes, rtts, raceRtt: rtts.at(-1)! || null, log });
  results.latency = lat;
  for (const r of lat.rows) {
    rows.push({
      suite: 'latency',
      case: `${r.tests / 1000}k tests, ${r.kind}, ${r.rttMs} ms round trip`,
      ms: r.ms,
      peakRssMiB: null,
      note: `${r.sequential} sequential round trips (git ${r.gitConnections} connections, ${r.gitTurns} turns; API ${r.apiConnections}, ${r.apiTurns}); sent ${r.bytesUp} B, received ${r.bytesDown} B; median of ${r.measures.join('/')}`,
    });
  }
  for (const r of lat.races) {
    rows.push({
      suite: 'latency',
      case: `${r.tests / 1000}k tests, lost push race, ${r.rttMs} ms`,
      ms: r.loser.ms,
      peakRssMiB: null,
      note: `loser +${r.extraMs} ms and +${r.extraSequential} round trips over the winner (${r.winner.ms} ms, ${r.winner.sequential}); its git received ${r.loser.git.bytesDown} B vs ${r.winner.git.bytesDown} B`,
    });
  }
  log('\n' + latencyTable(lat));
}

results.loadAfter = loadavg();
results.rows = rows;

const head = ['suite', 'case', 'time ms', 'peak RSS MiB', 'notes'];
const body = rows.map((r) => [r.suite, r.case, r.ms === null ? '-' : String(r.ms), r.peakRssMiB === null ? '-' : String(Math.round(r.peakRssMiB)), r.note]);
const widths = head.map((h, k) => Math.max(h.length, ...body.map((b) => b[k]!.length)));
const line = (cells: string[]): string => '| ' + cells.map((c, k) => c.padEnd(widths[k]!)).join(' | ') + ' |';
const m = results.machine as { cores: number; memoryGiB: number; node: string };
console.log(
  `\nflakeguard benchmarks, ${new Date().toISOString().slice(0, 10)}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}, load ${(results.loadBefore as number[])[0]!.toFixed(1)} → ${(results.loadAfter as number[])[0]!.toFixed(1)}\n`,
);
console.log([line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...body.map(line)].join('\n'));
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(results, null, 2));
console.log(`\nJSON: ${OUT}`);
