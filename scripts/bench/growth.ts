/**
 * How the costs grow with the suite: JUnit parsing, scoring and the whole step at 1k, 10k and 100k tests. Each
 * measurement runs in its own process, so its peak RSS is its own.
 *
 *   node_modules/.bin/node scripts/bench/growth.ts [--sizes 1000,10000,100000] [--repeat 1]
 *
 * - parse: parseReportFiles on the step's reports (one Surefire file per 1000 tests, failures with stack traces);
 * - scoring: scoreAll over N tests with 100-run histories (as the step holds them after retention);
 * - step: node dist/index.js against a 200-run data branch (scripts/bench/step.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { History, TestHistory } from '../../src/model.ts';
import { parseReportFiles } from '../../src/junit/index.ts';
import { scoreAll } from '../../src/scoring/index.ts';
import { runRecord } from '../../src/history/records.ts';
import { benchStep, buildSuite, reportFiles, runContextOf, runResults, type StepResult } from './step.ts';

const SELF = fileURLToPath(import.meta.url);

export interface ChildMeasure {
  ms: number;
  peakRssMiB: number;
  items: number;
}

export interface GrowthRow {
  tests: number;
  parse: ChildMeasure & { bytes: number };
  scoring: ChildMeasure;
  step: StepResult;
}

export interface Growth {
  rows: GrowthRow[];
  /** Cost ratio between consecutive sizes (10x more tests → ~10x is linear). */
  ratios: Array<{ from: number; to: number; parseMs: number; scoringMs: number; stepMs: number; stepCpu: number; stepRss: number }>;
}

/* ---------- children ---------- */

async function parseChild(dir: string): Promise<void> {
  const { readdirSync } = await import('node:fs');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .map((f) => join(dir, f))
    .sort();
  const t0 = performance.now();
  const parsed = await parseReportFiles(files, { workspace: dir });
  const ms = performance.now() - t0;
  if (parsed.problems.length > 0) throw new Error(`parse problems: ${parsed.problems[0]!.message}`);
  console.log(JSON.stringify({ ms, peakRssMiB: process.resourceUsage().maxRSS / 1024, items: parsed.tests.length }));
}

function scoringChild(tests: number, runs: number): void {
  const suite = buildSuite(tests);
  const end = Date.UTC(2026, 10, 21, 12);
  const history: History = new Map();
  for (const t of suite) history.set(t.id, { id: t.id, name: t.name, classname: t.classname, runs: [] } as TestHistory);
  // Held the way the store reads a branch back: records shared between tests where they can be
  // (src/history/records.ts), a message on failing runs, the duration on the newest run only.
  for (let run = 0; run < runs; run++) {
    const ctx = runContextOf(run, runs, end);
    const facts = { sha: ctx.sha, time: ctx.time, onDefaultBranch: ctx.onDefaultBranch, jobSucceeded: true };
    for (const { test, attempts, message } of runResults(suite, run)) {
      history.get(test.id)!.runs.push(runRecord(ctx.key, facts, attempts, message || undefined, run === runs - 1 ? 0.05 : undefined));
    }
  }
  const t0 = performance.now();
  let n = 0;
  for (const _ of scoreAll(history.values(), { now: end })) n++;
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ ms, peakRssMiB: process.resourceUsage().maxRSS / 1024, items: n }));
}

function child(args: string[]): ChildMeasure {
  const out = execFileSync(process.execPath, ['--max-old-space-size=16384', SELF, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const m = JSON.parse(out.trim().split('\n').pop()!) as ChildMeasure;
  return { ms: Math.round(m.ms), peakRssMiB: Math.round(m.peakRssMiB), items: m.items };
}

/* ---------- the benchmark ---------- */

export interface GrowthOptions {
  sizes?: number[];
  repeat?: number;
  log?: (message: string) => void;
  /** Step results measured already (e.g. the 10k step of bench.ts), reused instead of measured again. */
  known?: Map<number, StepResult>;
}

export async function benchGrowth(options: GrowthOptions = {}): Promise<Growth> {
  const sizes = options.sizes ?? [1_000, 10_000, 100_000];
  const log = options.log ?? ((m: string) => console.error(m));
  const rows: GrowthRow[] = [];
  for (const tests of sizes) {
    const dir = await mkdtemp(join(tmpdir(), 'flakeguard-bench-growth-'));
    try {
      let bytes = 0;
      for (const [path, xml] of reportFiles(buildSuite(tests), 200, Date.now())) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), xml);
        bytes += Buffer.byteLength(xml);
      }
      const parse = { ...child(['--parse', join(dir, 'reports')]), bytes };
      log(`  parse ${tests} tests: ${parse.ms} ms, ${parse.peakRssMiB} MiB`);
      const scoring = child(['--scoring', String(tests), '100']);
      log(`  scoring ${tests} tests × 100 runs: ${scoring.ms} ms, ${scoring.peakRssMiB} MiB`);
      const step = options.known?.get(tests) ?? (await benchStep({ tests, runs: 200, repeat: options.repeat ?? 1, log }));
      rows.push({ tests, parse, scoring, step });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const ratios: Growth['ratios'] = [];
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1]!;
    const b = rows[i]!;
    const r = (x: number, y: number): number => Math.round((y / x) * 10) / 10;
    ratios.push({
      from: a.tests,
      to: b.tests,
      parseMs: r(a.parse.ms, b.parse.ms),
      scoringMs: r(a.scoring.ms, b.scoring.ms),
      stepMs: r(a.step.ms, b.step.ms),
      stepCpu: r(a.step.cpuMs + (a.step.childrenCpuMs ?? 0), b.step.cpuMs + (b.step.childrenCpuMs ?? 0)),
      stepRss: r(a.step.peakRssMiB, b.step.peakRssMiB),
    });
  }
  return { rows, ratios };
}

export function growthTable(g: Growth): string {
  const head = ['tests', 'parse ms', 'parse MiB', 'scoring ms', 'scoring MiB', 'step ms', 'step git ms', 'step CPU node+git ms', 'step MiB', 'branch MB'];
  const body = g.rows.map((r) => [
    String(r.tests),
    String(r.parse.ms),
    String(r.parse.peakRssMiB),
    String(r.scoring.ms),
    String(r.scoring.peakRssMiB),
    String(r.step.ms),
    String(r.step.gitMs),
    `${r.step.cpuMs}+${r.step.childrenCpuMs ?? '?'}`,
    String(r.step.peakRssMiB),
    (r.step.branchBytes / 1e6).toFixed(1),
  ]);
  const widths = head.map((h, k) => Math.max(h.length, ...body.map((b) => b[k]!.length)));
  const line = (cells: string[]): string => '| ' + cells.map((c, k) => c.padEnd(widths[k]!)).join(' | ') + ' |';
  const ratios = g.ratios.map((r) => `${r.from}→${r.to} tests: parse ×${r.parseMs}, scoring ×${r.scoringMs}, step ×${r.stepMs} (CPU ×${r.stepCpu}, RSS ×${r.stepRss})`);
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...body.map(line), '', ...ratios].join('\n');
}

if (process.argv[1] === SELF) {
  if (process.argv[2] === '--parse') await parseChild(process.argv[3]!);
  else if (process.argv[2] === '--scoring') scoringChild(Number(process.argv[3]), Number(process.argv[4]));
  else {
    const i = process.argv.indexOf('--sizes');
    const sizes = i >= 0 ? process.argv[i + 1]!.split(',').map(Number) : undefined;
    const r = process.argv.indexOf('--repeat');
    const g = await benchGrowth({ sizes, repeat: r >= 0 ? Number(process.argv[r + 1]) : 1 });
    console.log(growthTable(g));
  }
}
