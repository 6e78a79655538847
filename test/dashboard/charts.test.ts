/**
 * Charts read without a cursor (ADR 0463), in headless Chromium: a legend shows each series' newest value before any
 * mouse move, and a branch with a single run draws its charts as tables, not lone dots. Screenshots go to
 * .artifacts/dashboard/ for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import type { Attempt, ParsedTestCase, RunContext } from '../../src/model.ts';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import { parseRunsText } from '../../src/dashboard/files.ts';
import { serveDashboard } from '../../src/dashboard/index.ts';
import { PROJECT_ROOT } from '../support/action.ts';
import { branchRepo, hostileBranchFiles, launchBrowser } from '../support/dashboard.ts';

const SHOTS = join(PROJECT_ROOT, '.artifacts/dashboard');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function withPage(files: Map<string, string>, hash: string, check: (page: Page) => Promise<void>): Promise<void> {
  const repo = await branchRepo(files);
  const server = await serveDashboard({ repo: repo.repo });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  try {
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.url}${hash}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-painted="1"]', { timeout: 60_000 });
    await check(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
    await server.close();
    await repo.dispose();
  }
}

function oneRunBranch(ref = 'refs/heads/main'): Map<string, string> {
  const attempts = (codes: string): Attempt[] => [...codes].map((c) => (c === 'P' ? { status: 'passed', durationSec: 1 } : { status: 'failed', message: 'boom', durationSec: 1 }));
  const tests: ParsedTestCase[] = [
    { id: 'a.B::ok', name: 'ok', classname: 'a.B', suite: 'a.B', report: 'r.xml', attempts: attempts('P') },
    { id: 'a.B::flaky', name: 'flaky', classname: 'a.B', suite: 'a.B', report: 'r.xml', attempts: attempts('FP') },
  ];
  const time = Date.UTC(2026, 10, 21, 12);
  const run: RunContext = { key: '1/test/x', runId: '1', runAttempt: 1, job: 'test', workflow: 'CI', sha: 'a'.repeat(40), ref, onDefaultBranch: true, event: 'push', time };
  return applyRun({ snapshot: emptySnapshot(), reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'success', run, now: time }, DEFAULT_APPLY_OPTIONS).files;
}

describe('charts read without a cursor', () => {
  it("a legend shows each series' newest value before the mouse moves", async () => {
    const files = hostileBranchFiles();
    const runs = parseRunsText(files.get('runs.json')!).value.length;
    await withPage(files, '#/', async (page) => {
      const legend = await page.$$eval('[data-chart=red] .u-legend .u-series', (rows) =>
        rows.map((r) => [r.querySelector('.u-label')?.textContent ?? '', r.querySelector('.u-value')?.textContent ?? '']),
      );
      // The newest point of the rolling share covers every run (8 < 20): the headline's share, to a tenth.
      const without = await page.$eval('[data-metric=share-flaky-without] .note', (e) => e.textContent ?? '');
      const red = Number(/^(\d+) of/.exec(without)![1]);
      expect(legend).toEqual([
        ['run', 'newest'],
        ['without flakeguard', `${Math.round((1000 * red) / runs) / 10}%`],
        ['with flakeguard', expect.stringMatching(/^\d+(\.\d+)?%$/)],
      ]);
      expect(legend.flat()).not.toContain('—');
      await page.screenshot({ path: join(SHOTS, 'legend-without-cursor.png') });
    });
  }, 60_000);

  it('a branch with a single run draws its charts as tables of its values, not as dots', async () => {
    await withPage(oneRunBranch(), '#/', async (page) => {
      for (const name of ['red', 'counts']) {
        expect(await page.$$eval(`[data-chart=${name}] canvas`, (c) => c.length)).toBe(0);
        expect(await page.$(`[data-chart=${name}] table[data-single]`)).not.toBeNull();
      }
      const red = await page.$$eval('[data-chart=red] table[data-single] tr', (rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));
      expect(red).toEqual([
        ['without flakeguard', '0%'],
        ['with flakeguard', '0%'],
      ]);
      const counts = await page.$$eval('[data-chart=counts] table[data-single] tr', (rows) => rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())));
      expect(counts).toEqual([
        ['failed tests', '0'],
        ['flaked (failed, then passed)', '1'],
        ['retried tests', '1'],
        ['outage failures', '0'],
      ]);
      expect(await page.$eval('[data-chart=red] caption', (c) => c.textContent)).toContain('the one run so far (#1)');
      await page.screenshot({ path: join(SHOTS, 'one-run.png'), fullPage: true });
    });
  }, 60_000);

  it('a branch named with HTML is a name in the filter, from the recorded run and from the address alike', async () => {
    const name = 'x"><img src=q onerror=alert(9)>';
    await withPage(oneRunBranch(`refs/heads/${name}`), `#/?branch=${encodeURIComponent(name)}`, async (page) => {
      expect(await page.$eval('#branch', (e) => (e as HTMLSelectElement).value)).toBe(name);
      expect(await page.$$eval('#branch option', (os) => os.map((o) => o.textContent))).toContain(`${name} (1 run)`);
      expect(await page.$eval('[data-metric=runs] .value', (e) => e.textContent)).toBe('1');
      expect(await page.$$eval('img', (i) => i.length)).toBe(0);
    });
  }, 60_000);
});
