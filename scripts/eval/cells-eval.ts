/**
 * Quarantine per matrix cell, measured (docs/matrix.md#quarantine-per-cell): a world whose tests are flaky in some
 * cells only, every commit tested in every cell, driven through the pipeline's pure core (applyRun on the snapshot
 * parsed from the files the previous run wrote, as the simulator's pure engine does), once with each run's cell
 * recorded (the action) and once without (every run's cell unknown: a quarantine covers every cell, as before cells).
 *
 *   node scripts/eval/cells-eval.ts                     3 seeds, 300 commits × 3 cells, 200 tests
 *   node scripts/eval/cells-eval.ts --seeds 1 --commits 100 --retries 1
 *
 * Truth: a test's failure in a cell where it is not flaky is a real failure (a regression of that cell: the world
 * breaks a test in one cell for 1–5 commits, half of the time with the very message of its flaky failures, the case
 * a quarantine judged on messages cannot tell apart). Measured:
 * - **clean-cell failures forgiven**: failures of a test in a cell where it is not flaky that the step forgave (the
 *   target: none);
 * - **flaky-only red jobs**: jobs whose only failures are flaky failures in the tests' flaky cells (red without
 *   flakeguard), and how many of them flakeguard still left red; the cut is their ratio (the target: ≥ 20x).
 */
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import type { Attempt, ParsedTestCase, RunContext } from '../../src/model.ts';
import { hex, intBetween, pick, sample, stream } from './rng.ts';

export const CELLS = ['os=macos-latest', 'os=ubuntu-latest', 'os=windows-latest'] as const;

export interface CellsWorldOptions {
  seed: number;
  commits: number;
  tests: number;
  /** Tests flaky in one cell only. */
  flakyInOne: number;
  /** Tests flaky in two cells. */
  flakyInTwo: number;
  /** Tests flaky in every cell. */
  flakyEverywhere: number;
  /** Per-attempt failure rates of a flaky cell, drawn from this list. */
  rates: number[];
  /** Retries inside the report (a failing attempt is retried this many times). */
  retries: number;
  /** Per commit: chance that it breaks one test in one cell, for 1–5 commits. */
  regressionChance: number;
  /** Of the regressions: share that hit a test flaky in another cell, in a cell where it is not flaky. */
  regressionsOnFlakyTests: number;
}

export const DEFAULT_CELLS_WORLD: Omit<CellsWorldOptions, 'seed'> = {
  commits: 300,
  tests: 200,
  flakyInOne: 20,
  flakyInTwo: 5,
  flakyEverywhere: 5,
  rates: [0.05, 0.1, 0.2, 0.3],
  retries: 0,
  regressionChance: 0.15,
  regressionsOnFlakyTests: 0.7,
};

interface TestTruth {
  id: string;
  /** Failure rate per attempt, by flaky cell. */
  flaky: Map<string, number>;
}

interface Regression {
  test: string;
  cell: string;
  from: number;
  to: number;
  message: string;
}

export interface CellsWorld {
  options: CellsWorldOptions;
  tests: TestTruth[];
  regressions: Regression[];
  shas: string[];
}

const flakyMessage = (id: string): string => `timeout after 30000 ms waiting for ${id}`;

export function cellsWorld(options: CellsWorldOptions): CellsWorld {
  const rng = stream(options.seed, 'cells-world');
  const tests: TestTruth[] = [];
  for (let i = 0; i < options.tests; i++) tests.push({ id: `pkg.M${i % 10}::t${i}`, flaky: new Map() });
  const order = sample(rng, tests, options.flakyInOne + options.flakyInTwo + options.flakyEverywhere);
  order.forEach((t, i) => {
    const cells = i < options.flakyInOne ? sample(rng, CELLS, 1) : i < options.flakyInOne + options.flakyInTwo ? sample(rng, CELLS, 2) : [...CELLS];
    for (const cell of cells) t.flaky.set(cell, pick(rng, options.rates));
  });
  const partial = tests.filter((t) => t.flaky.size > 0 && t.flaky.size < CELLS.length);
  const regressions: Regression[] = [];
  const draw = stream(options.seed, 'cells-regressions');
  for (let c = 0; c < options.commits; c++) {
    if (draw() >= options.regressionChance) continue;
    const onFlaky = partial.length > 0 && draw() < options.regressionsOnFlakyTests;
    const test = onFlaky ? pick(draw, partial) : pick(draw, tests);
    const clean = CELLS.filter((cell) => !test.flaky.has(cell));
    if (clean.length === 0) continue;
    const cell = pick(draw, clean);
    const message = draw() < 0.5 ? flakyMessage(test.id) : `expected ${c} but was ${c + 1} in ${test.id}`;
    regressions.push({ test: test.id, cell, from: c, to: c + intBetween(draw, 1, 5) - 1, message });
  }
  const shas: string[] = [];
  const shaRng = stream(options.seed, 'cells-shas');
  for (let c = 0; c < options.commits; c++) shas.push(hex(shaRng, 40));
  return { options, tests, regressions, shas };
}

/** One job's reports: every test's attempts in commit `c`, cell `cell`; which failures are real (a regression). */
function jobReports(world: CellsWorld, c: number, cell: string): { tests: ParsedTestCase[]; real: Set<string> } {
  const tests: ParsedTestCase[] = [];
  const real = new Set<string>();
  const broken = new Map<string, string>();
  for (const r of world.regressions) if (r.cell === cell && c >= r.from && c <= r.to) broken.set(r.test, r.message);
  for (const t of world.tests) {
    const rng = stream(world.options.seed, `cells-attempts/${c}/${cell}/${t.id}`);
    const attempts: Attempt[] = [];
    const regression = broken.get(t.id);
    const rate = t.flaky.get(cell) ?? 0;
    for (let a = 0; a <= world.options.retries; a++) {
      const failed = regression !== undefined || rng() < rate;
      attempts.push(failed ? { status: 'failed', message: regression ?? flakyMessage(t.id) } : { status: 'passed' });
      if (!failed) break;
    }
    if (regression !== undefined) real.add(t.id);
    const [classname, name] = t.id.split('::') as [string, string];
    tests.push({ id: t.id, name, classname, suite: classname, report: `reports/${classname}.xml`, attempts });
  }
  return { tests, real };
}

export interface CellsMetrics {
  jobs: number;
  /** Failures (final attempt) of tests in a cell where they are not flaky. */
  cleanCellFailures: number;
  cleanCellForgiven: number;
  /** Jobs red without flakeguard only because of flaky failures in flaky cells. */
  flakyRed: number;
  /** …of those, still red with flakeguard. */
  flakyRedStill: number;
  /** Partial quarantines at the end (tests quarantined in some cells only). */
  partialAtEnd: number;
  quarantinedAtEnd: number;
}

/** Drives the world through applyRun; `cells: false` records no cell (a quarantine covers every cell). */
export function driveCells(world: CellsWorld, cells: boolean): CellsMetrics {
  let files = new Map<string, string>();
  const m: CellsMetrics = { jobs: 0, cleanCellFailures: 0, cleanCellForgiven: 0, flakyRed: 0, flakyRedStill: 0, partialAtEnd: 0, quarantinedAtEnd: 0 };
  const start = Date.UTC(2026, 0, 1);
  let last: ReturnType<typeof applyRun> | undefined;
  for (let c = 0; c < world.options.commits; c++) {
    for (const [j, cell] of CELLS.entries()) {
      const time = start + c * 3_600_000 + j * 60_000;
      const run: RunContext = {
        key: `${1000 + c}/test/${cell}`,
        runId: String(1000 + c),
        runAttempt: 1,
        job: 'test',
        workflow: 'CI',
        sha: world.shas[c]!,
        ref: 'refs/heads/main',
        onDefaultBranch: true,
        event: 'push',
        time,
        ...(cells ? { cell } : {}),
      };
      const { tests, real } = jobReports(world, c, cell);
      const result = applyRun(
        { snapshot: parseSnapshot(files), reports: { tests, problems: [], filesRead: 10 }, filesMatched: 10, testOutcome: 'failure', run, now: time + 30_000 },
        { ...DEFAULT_APPLY_OPTIONS, normalise: normalizeErrorMessage },
      );
      files = result.files;
      last = result;
      m.jobs++;
      const o = result.outcome;
      const forgiven = new Set(o.forgiven.map((t) => t.id));
      for (const t of o.failed) {
        if (!real.has(t.id)) continue;
        m.cleanCellFailures++;
        if (forgiven.has(t.id)) m.cleanCellForgiven++;
      }
      if (o.failed.length > 0 && o.failed.every((t) => !real.has(t.id))) {
        m.flakyRed++;
        if (o.result === 'failure') m.flakyRedStill++;
      }
    }
  }
  for (const d of last?.decisions.values() ?? []) {
    if (!d.quarantined) continue;
    m.quarantinedAtEnd++;
    if (d.cells) m.partialAtEnd++;
  }
  return m;
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function cut(m: CellsMetrics): string {
  return m.flakyRedStill === 0 ? `∞ (${m.flakyRed} → 0)` : `${(m.flakyRed / m.flakyRedStill).toFixed(1)}x (${m.flakyRed} → ${m.flakyRedStill})`;
}

async function main(): Promise<void> {
  const seeds = Number(option('seeds') ?? 3);
  const overrides: Partial<CellsWorldOptions> = {};
  if (option('commits')) overrides.commits = Number(option('commits'));
  if (option('tests')) overrides.tests = Number(option('tests'));
  if (option('retries')) overrides.retries = Number(option('retries'));
  const started = Date.now();
  console.log(`| seed | mode | jobs | clean-cell failures | forgiven | flaky-only red jobs: cut | quarantined at the end (partial) |`);
  console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
  const totals = { cells: { forgiven: 0, failures: 0, red: 0, still: 0 }, none: { forgiven: 0, failures: 0, red: 0, still: 0 } };
  for (let seed = 1; seed <= seeds; seed++) {
    const world = cellsWorld({ ...DEFAULT_CELLS_WORLD, ...overrides, seed });
    for (const cells of [true, false]) {
      const m = driveCells(world, cells);
      const t = totals[cells ? 'cells' : 'none'];
      t.forgiven += m.cleanCellForgiven;
      t.failures += m.cleanCellFailures;
      t.red += m.flakyRed;
      t.still += m.flakyRedStill;
      console.log(
        `| ${seed} | ${cells ? 'cells recorded' : 'no cells (before)'} | ${m.jobs} | ${m.cleanCellFailures} | ${m.cleanCellForgiven} | ${cut(m)} | ${m.quarantinedAtEnd} (${m.partialAtEnd}) |`,
      );
    }
  }
  for (const [mode, t] of Object.entries(totals)) {
    const ratio = t.still === 0 ? '∞' : `${(t.red / t.still).toFixed(1)}x`;
    console.log(
      `all seeds, ${mode === 'cells' ? 'cells recorded' : 'no cells (before)'}: clean-cell failures forgiven ${t.forgiven} of ${t.failures}; flaky-only red jobs cut ${ratio} (${t.red} → ${t.still})`,
    );
  }
  console.log(`${((Date.now() - started) / 1000).toFixed(0)} s, Node ${process.versions.node}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
