/**
 * The dashboard shows the value (issue 41, point 5), where the user meets it: runs of the bundled dist/index.js with
 * `rerun` against a real bare remote, then the data branch's page in headless Chromium (served from that remote),
 * its `badge.json`, and `flakeguard org` (dist/cli/index.js) over the same remote. Every flaky failure of the
 * repository was proven by a re-run, so without the runs' figures (runs.json's 10th field, ADR 0460) every one of
 * these surfaces read 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { NODE24, PROJECT_ROOT, World, junitXml, type CaseSpec } from '../support/action.ts';
import { createFake, type Fake } from '../support/rerun-fake.ts';
import { launchBrowser } from '../support/dashboard.ts';
import { serveDashboard, type DashboardServer } from '../../src/dashboard/index.ts';

const SHOTS = join(PROJECT_ROOT, '.artifacts/dashboard');

let world: World;
let fake: Fake;
let browser: Browser;
let server: DashboardServer;
let page: Page;

const ADDS: CaseSpec = { classname: 'app.Math', name: 'adds' };
const DIVIDES_FLAKY: CaseSpec = { classname: 'app.Math', name: 'divides', attempts: 'F', message: 'timeout after 5000 ms' };
const DIVIDES: CaseSpec = { classname: 'app.Math', name: 'divides' };

async function ciRun(cases: CaseSpec[], ref = 'refs/heads/main'): Promise<void> {
  await world.commit(`run ${Math.random()}`);
  await world.removeReports();
  await world.writeReport('reports/unit.xml', junitXml(cases));
  const failed = cases.some((c) => /[FE]$/.test(c.attempts ?? 'P'));
  const run = await world.run({ ref, inputs: { 'test-outcome': failed ? 'failure' : 'success', rerun: fake.command } });
  expect(run.outputs.outcome, `${run.stdout}\n${run.stderr}`).toBe('success');
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

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  world = await World.create();
  fake = await createFake(join(world.root, 'fake'));
  await fake.setBehaviour({ tests: { divides: 'P' } });
  // Five runs on main, three of them red in their own report (divides failed) and green once its re-run passed; one
  // on a feature branch, red the same way.
  await ciRun([ADDS, DIVIDES]);
  await ciRun([ADDS, DIVIDES_FLAKY]);
  await ciRun([ADDS, DIVIDES_FLAKY]);
  await ciRun([ADDS, DIVIDES]);
  await ciRun([ADDS, DIVIDES_FLAKY]);
  await ciRun([ADDS, DIVIDES_FLAKY], 'refs/heads/feature/login');
  browser = await launchBrowser();
  server = await serveDashboard({ repo: world.remote });
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
}, 300_000);
afterAll(async () => {
  await page?.close();
  await server?.close();
  await browser?.close();
  await world?.dispose();
});

describe('a repository whose flaky failures were all proven by re-runs', () => {
  it("records each run's figures: the failures its report had and how many passed on a re-run", async () => {
    const runs = JSON.parse((await world.dataFiles()).get('runs.json')!).runs as Record<string, unknown[]>;
    const figures = Object.values(runs).map((r) => r[9] as { b?: string; f?: number; p?: number; s?: number; r?: number });
    expect(figures.map((f) => [f.b, f.f, f.p])).toEqual([
      ['main', 0, 0],
      ['main', 1, 1],
      ['main', 1, 1],
      ['main', 0, 0],
      ['main', 1, 1],
      ['feature/login', 1, 1],
    ]);
    // Two testcases of 0.01 s each in the report; the re-run's seconds are the fake command's, measured.
    expect(figures.map((f) => f.s)).toEqual([0.02, 0.02, 0.02, 0.02, 0.02, 0.02]);
    expect(figures.every((f) => typeof f.r === 'number' && f.r >= 0)).toBe(true);
  });

  it('the page leads with the red runs flakeguard saved, visible without interaction', async () => {
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForSelector('body[data-painted="1"]', { timeout: 60_000 });
    expect(await page.$eval('[data-metric=saved] .value', (e) => e.textContent)).toBe('4');
    expect(await page.$eval('[data-metric=saved] .note', (e) => e.textContent)).toBe('4 of 6 runs; 4 by a re-run');
    expect(await page.$eval('[data-metric=share-flaky-without] .note', (e) => e.textContent)).toBe('4 of 6 runs');
    expect(await page.$eval('[data-metric=share-flaky-with] .note', (e) => e.textContent)).toBe('0 of 6 runs');
    // In the first screen, not hidden: its box is inside the viewport and has a size.
    const box = await page.$eval('[data-metric=saved]', (e) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return { top: r.top, bottom: r.bottom, width: r.width, visible: style.visibility !== 'hidden' && style.display !== 'none' };
    });
    expect(box.visible).toBe(true);
    expect(box.width).toBeGreaterThan(0);
    expect(box.bottom).toBeLessThanOrEqual(800);
    await page.screenshot({ path: join(SHOTS, 'value-first-screen.png') });
  });

  it('filters by branch, in the URL', async () => {
    await page.goto(`${server.url}#/?branch=${encodeURIComponent('feature/login')}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-painted="1"]', { timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-metric=saved] .value')?.textContent === '1');
    expect(await page.$eval('[data-metric=runs] .value', (e) => e.textContent)).toBe('1');
    expect(await page.$eval('#branch', (e) => (e as HTMLSelectElement).value)).toBe('feature/login');
  });

  it('badge.json says how many runs re-runs saved', async () => {
    const badge = JSON.parse((await world.dataFiles()).get('badge.json')!) as { message: string };
    // divides entered quarantine at its fourth run (it passed inside the run after a flip, ADR 0396).
    expect(badge.message).toBe('1 quarantined, 1 new in 7 days, 4 runs saved in 30 days');
  });

  it("the org page's figures count them", async () => {
    const work = await mkdtemp(join(tmpdir(), 'flakeguard-value-org-'));
    try {
      const run = await cli(['org', '--repos', `octo/project=${world.remote}`, '--no-database', '--out', 'site'], work);
      expect(run.code, run.stderr).toBe(0);
      const model = JSON.parse(await readFile(join(work, 'site/org.json'), 'utf8')) as { totals: { saved: number; redFlakyWithout: number; runs: number } };
      expect(model.totals).toMatchObject({ runs: 6, redFlakyWithout: 4, saved: 4 });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
