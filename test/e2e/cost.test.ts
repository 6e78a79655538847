/**
 * What flaky tests cost in CI minutes (issue 43, point 4), where the user meets it: runs of the bundled dist/index.js
 * with `rerun` and `cost-per-minute` against a real bare remote and the GitHub fake, one of them red and re-run by
 * hand (attempt 2 of the same workflow run on the same commit); then the data branch read by the dashboard's model,
 * the owners' issue, `flakeguard export` and `flakeguard org` (dist/cli/index.js). The reports give each test a known
 * duration; the re-runs' seconds are the ones runs.json records (measured by the step).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, type ActionRun } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { parseHistoryText, parseMetaText, parseRunsText, parseStatsText, type HistoryLine, type StatsLine } from '../../src/dashboard/files.ts';
import { buildModel } from '../../src/dashboard/page-model.ts';

const TOKEN = 'ghs_cost_test';
const DIVIDES = 'app.Math::divides';
const SORTS = 'app.List::sorts';

let world: World;
let fake: Fake;
let gh: FakeGitHub;
const steps: ActionRun[] = [];

/** A report whose testcases take the given seconds: `[classname, name, seconds, attempts]`. */
function report(cases: Array<[string, string, number, string]>): string {
  const body = cases.flatMap(([classname, name, sec, attempts]) =>
    [...attempts].map((a) => `<testcase classname="${classname}" name="${name}" time="${sec}">${a === 'F' ? '<failure message="boom">boom</failure>' : ''}</testcase>`),
  );
  return `<?xml version="1.0"?>\n<testsuites><testsuite name="unit">${body.join('')}</testsuite></testsuites>\n`;
}

async function step(cases: Array<[string, string, number, string]>, options: { runId: number; runAttempt?: number; commit?: boolean }): Promise<ActionRun> {
  if (options.commit !== false) await world.commit(`run ${options.runId}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', report(cases));
  const failed = cases.some(([, , , a]) => a.endsWith('F'));
  const run = await world.run({
    runId: options.runId,
    runAttempt: options.runAttempt ?? 1,
    inputs: { token: TOKEN, 'create-issues': 'true', 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command, 'cost-per-minute': '0.5' },
    env: { GITHUB_API_URL: gh.url },
  });
  steps.push(run);
  return run;
}

function cli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [join(PROJECT_ROOT, 'dist/cli/index.js'), ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

type Figures = { s?: number; r?: number; p?: number; h?: number; hs?: number };
let figures: Figures[];
/** sorts' cost as the page's model states it, which the export and the org view must state too. */
let sortsCostSec = 0;

beforeAll(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  fake = await createFake(join(world.root, 'fake'));
  // divides passes its re-runs (its failure is proven flaky, the run stays green); sorts fails every re-run.
  await fake.setBehaviour({ tests: { divides: 'P', sorts: 'F' } });
  // Run 1: divides (2 s) fails in the report, passes on a re-run: a red build flakeguard turned green.
  await step(
    [
      ['app.Math', 'adds', 0.5, 'P'],
      ['app.Math', 'divides', 2, 'F'],
      ['app.List', 'sorts', 30, 'P'],
    ],
    { runId: 3001 },
  );
  // Run 2, attempt 1: sorts (30 s) fails in the report and in every re-run: red.
  await step(
    [
      ['app.Math', 'adds', 0.5, 'P'],
      ['app.Math', 'divides', 2, 'P'],
      ['app.List', 'sorts', 30, 'F'],
    ],
    { runId: 3002 },
  );
  // Run 2, attempt 2 on the same commit: a person re-ran the red job by hand, and it passed.
  await step(
    [
      ['app.Math', 'adds', 0.5, 'P'],
      ['app.Math', 'divides', 2, 'P'],
      ['app.List', 'sorts', 30, 'P'],
    ],
    { runId: 3002, runAttempt: 2, commit: false },
  );
  const runs = JSON.parse((await world.dataFiles()).get('runs.json')!).runs as Record<string, unknown[]>;
  figures = Object.values(runs).map((r) => (r[9] ?? {}) as Figures);
}, 300_000);
afterAll(async () => {
  await gh?.close();
  await world?.dispose();
});

describe('what flaky tests cost', () => {
  it('the steps ran as planned: green, red, green', () => {
    expect(steps.map((s) => s.outputs.outcome)).toEqual(['success', 'failure', 'success']);
  });

  it("runs.json records the hand re-run of the red run: how many, and its tests' seconds", () => {
    expect(figures).toHaveLength(2);
    expect(figures[0]!.h).toBeUndefined();
    expect(figures[1]).toMatchObject({ h: 1, hs: 32.5 });
    expect(typeof figures[0]!.r).toBe('number');
    expect(typeof figures[1]!.r).toBe('number');
  });

  it("the dashboard's model states each test's minutes and price, the costliest first", async () => {
    const files = await world.dataFiles();
    const history: HistoryLine[] = [];
    const stats = new Map<string, StatsLine>();
    for (const [path, text] of files) {
      if (/^history\/.*\.json$/.test(path)) history.push(...parseHistoryText(text).value);
      if (/^stats\/.*\.json$/.test(path)) for (const [id, s] of parseStatsText(text).value) stats.set(id, s);
    }
    const model = buildModel({ meta: parseMetaText(files.get('flakeguard.json')!).value, runs: parseRunsText(files.get('runs.json')!).value, history, stats });
    expect(model.meta.costPerMinute).toBe(0.5);
    const sorts = model.byId.get(SORTS)!.cost!;
    const divides = model.byId.get(DIVIDES)!.cost!;
    // sorts: the red run re-run by hand (32.5 s of tests) is its alone, and every re-run second of run 2.
    expect(sorts.handReruns).toBe(1);
    expect(sorts.handRerunSec).toBeCloseTo(32.5, 6);
    // Its re-run executions at its duration (30 s), and what run 2's measured re-runs took beyond that, if anything.
    expect(sorts.rerunExecutions).toBeGreaterThanOrEqual(1);
    const own = sorts.rerunExecutions * 30;
    expect(sorts.rerunSec).toBeCloseTo(own + Math.max(0, figures[1]!.r! - own), 6);
    sortsCostSec = sorts.costSec;
    expect(sortsCostSec).toBeCloseTo(32.5 + sorts.rerunSec, 6);
    // divides: one re-run execution, run 1's re-run seconds; it saved run 1 (32.5 s of tests not re-run by hand).
    expect(divides).toMatchObject({ rerunExecutions: 1, handReruns: 0, savedRuns: 1 });
    expect(divides.rerunSec).toBeCloseTo(2 + Math.max(0, figures[0]!.r! - 2), 6);
    expect(divides.savedSec).toBeCloseTo(32.5, 6);
    expect(model.byId.get('app.Math::adds')!.cost).toBeUndefined();
    const ranked = model.tests.filter((t) => t.cost).sort((a, b) => b.cost!.costSec - a.cost!.costSec);
    expect(ranked[0]!.id).toBe(SORTS);
  });

  it("the owners' issue states the minutes and the price", () => {
    const issue = gh.state.issues.find((i) => i.title === `Flaky test: ${SORTS}`);
    expect(issue, gh.state.issues.map((i) => i.title).join(', ')).toBeDefined();
    expect(issue!.body).toContain('### What it costs in CI');
    expect(issue!.body).toMatch(/1 red run re-run by hand \(0\.54 min\)/);
    expect(issue!.body).toMatch(/At 0\.5 per minute: \*\*\d+\.\d\d\*\*/);
  });

  it('the export has the cost columns', async () => {
    const out = await mkdtemp(join(tmpdir(), 'flakeguard-cost-export-'));
    try {
      const r = await cli(['export', '--format', 'ndjson', '--out', out, '--remote', world.remote, '--repository', 'octo/project'], world.root);
      expect(r.code, r.stderr).toBe(0);
      const rows = (await readFile(join(out, 'tests.ndjson'), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const sorts = rows.find((row) => row.test_id === SORTS)!;
      expect(sorts.ci_cost_sec).toBeCloseTo(sortsCostSec, 1);
      expect(sorts.ci_cost).toBeCloseTo((sortsCostSec / 60) * 0.5, 3);
      const divides = rows.find((row) => row.test_id === DIVIDES)!;
      expect(divides.ci_saved_sec).toBeCloseTo(32.5, 1);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);

  it("the org page's model ranks the tests by cost", async () => {
    const work = await mkdtemp(join(tmpdir(), 'flakeguard-cost-org-'));
    try {
      const run = await cli(['org', '--repos', `octo/project=${world.remote}`, '--no-database', '--out', 'site'], work);
      expect(run.code, run.stderr).toBe(0);
      const model = JSON.parse(await readFile(join(work, 'site/org.json'), 'utf8')) as { tests: Array<{ id: string; costSec?: number; cost?: number }>; totals: { costSec?: number } };
      const sorts = model.tests.find((t) => t.id === SORTS)!;
      expect(sorts.costSec).toBeCloseTo(sortsCostSec, 1);
      expect(sorts.cost).toBeCloseTo((sortsCostSec / 60) * 0.5, 3);
      expect(model.totals.costSec).toBeGreaterThan(32.5);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
