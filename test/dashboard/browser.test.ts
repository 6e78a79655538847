/**
 * The dashboard in a real browser: Debian's headless Chromium, driven by puppeteer-core, loads the page from a data
 * branch served by the dashboard's own server (serveDashboard). The branch is written by the project's writer
 * (applyRun, chained by the benchmark's generator): 10k tests, 200 runs (the default retention keeps 100 of them).
 * Each view's numbers are checked against numbers computed here straight from the branch's JSON files, with the
 * store's own outcome decoder; screenshots go to .artifacts/dashboard/ for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { buildSuite, generateBranch } from '../../scripts/bench/step.ts';
import { pfsHistory } from '../../src/dashboard/pfs-history.ts';
import { decodeOutcomes } from '../../src/store/history-format.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { serveDashboard, type DashboardServer } from '../../src/dashboard/index.ts';
import { PROJECT_ROOT } from '../support/action.ts';
import { World, junitXml, type CaseSpec } from '../support/action.ts';
import { HOSTILE_CLASS, HOSTILE_ISSUE, HOSTILE_MESSAGE, HOSTILE_NAME, HOSTILE_REASON, HOSTILE_CELL, branchRepo, hostileBranchFiles, launchBrowser } from '../support/dashboard.ts';

const SHOTS = join(PROJECT_ROOT, '.artifacts/dashboard');

interface Facts {
  runs: number;
  tests: number;
  quarantined: number;
  redWith: number;
  flakyOrQuarantined: number;
  redFlakyWithout: number;
  newest: { seq: number; failed: number; flaked: number; retried: number };
  maxPfs: number;
  slots: Map<string, number>;
  /** decisions.json's tests, as written. */
  decisions: Record<string, { issue?: number; events: Array<{ run: number; event: string; quarantined: boolean; by: string; reason: string }> }>;
}

/** The timeline rows a test's page must show, from decisions.json alone: newest first, as [run, decision, state, by, why]. */
function expectedTimeline(facts: Pick<Facts, 'decisions'>, id: string): string[][] {
  const label: Record<string, string> = { override: 'hand override', 'hand edit': 'hand edit honoured', 'issue closed': 'issue closed as completed' };
  return [...(facts.decisions[id]?.events ?? [])]
    .reverse()
    .map((e) => [`#${e.run}`, label[e.event] ?? e.event, e.quarantined ? 'quarantined' : 'not quarantined', e.by === 'hand' ? 'a person' : "flakeguard's rule", e.reason]);
}

/** The timeline rows the page shows, in the same form. */
async function shownTimeline(page: Page): Promise<string[][]> {
  await page.waitForSelector('[data-timeline]:not([data-timeline=loading])');
  return page.$$eval('table[data-table=timeline] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].filter((_, i) => i !== 1).map((td) => (td.textContent ?? '').trim())));
}

/** The numbers the views must show, computed from the raw files without the dashboard's code. */
function factsOf(files: Map<string, string>): Facts {
  const runs = JSON.parse(files.get('runs.json')!).runs as Record<string, unknown[]>;
  const stats = new Map<string, { quarantined: boolean; pfs?: number[] }>();
  const history = new Map<string, { from: number; o: string }>();
  for (const [path, text] of files) {
    if (path.startsWith('stats/')) for (const [id, v] of Object.entries(JSON.parse(text).tests)) stats.set(id, v as never);
    if (path.startsWith('history/')) for (const [id, v] of Object.entries(JSON.parse(text).tests)) history.set(id, v as never);
  }
  const seqs = Object.keys(runs).map(Number);
  const newestSeq = Math.max(...seqs);
  const failedIn = new Map<number, string[]>();
  const flaky = new Set<string>();
  const newest = { seq: newestSeq, failed: 0, flaked: 0, retried: 0 };
  const slots = new Map<string, number>();
  for (const [id, h] of history) {
    // A quiet line (schema 4) is open-ended: `P*` up to the newest run.
    const decoded = decodeOutcomes(h.from, h.o, newestSeq)!;
    slots.set(id, decoded.length);
    for (const { seq, attempts } of decoded) {
      const last = attempts[attempts.length - 1]!;
      const failed = last === 'F' || last === 'E';
      const flaked = !failed && /[FE]/.test(attempts);
      if (flaked) flaky.add(id);
      if (failed) failedIn.set(seq, [...(failedIn.get(seq) ?? []), id]);
      if (seq === newestSeq) {
        if (failed) newest.failed++;
        if (flaked) newest.flaked++;
        if (attempts.length > 1) newest.retried++;
      }
    }
    if (stats.get(id)?.quarantined) flaky.add(id);
  }
  let redFlakyWithout = 0;
  for (const seq of seqs) {
    const failing = failedIn.get(seq) ?? [];
    if (failing.length > 0 && failing.every((id) => flaky.has(id))) redFlakyWithout++;
  }
  return {
    runs: seqs.length,
    tests: history.size,
    quarantined: [...stats.values()].filter((s) => s.quarantined).length,
    redWith: Object.values(runs).filter((r) => r[4] === 0).length,
    flakyOrQuarantined: flaky.size,
    redFlakyWithout,
    newest,
    maxPfs: Math.max(...[...flaky].map((id) => stats.get(id)?.pfs?.[0] ?? -1)),
    slots,
    decisions: files.has('decisions.json') ? JSON.parse(files.get('decisions.json')!).tests : {},
  };
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('body[data-painted="1"], body[data-ready="error"]', { timeout: 60_000 });
  expect(await page.$eval('body', (b) => b.dataset.ready)).toBe('1');
}

const text = (page: Page, selector: string): Promise<string> => page.$eval(selector, (e) => (e.textContent ?? '').trim());

/** Collects what must never happen on the page: dialogs, script errors, CSP violations, failed requests. */
function watch(page: Page): { dialogs: string[]; errors: string[] } {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => seen.errors.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    // The copies of CODEOWNERS and codeowners-map are optional, decisions.json is missing on older branches, a
    // shard whose tests all failed lately has no quiet file and a branch that never had a cluster has no
    // clusters.json nor diagnoses.json: the page asks for them and a 404 says there are none.
    if (m.type() === 'error' && !/\/(dashboard\/CODEOWNERS|dashboard\/codeowners-map|decisions\.json|clusters\.json|diagnoses\.json|history\/quiet-[0-9a-f]+\.json)$/.test(m.location().url ?? ''))
      seen.errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  void page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return seen;
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the dashboard of a 10k-test, 200-run branch', () => {
  let server: DashboardServer;
  let dispose: () => Promise<void>;
  let facts: Facts;
  let page: Page;
  let seen: ReturnType<typeof watch>;

  beforeAll(async () => {
    const files = generateBranch(buildSuite(10_000), 200, Date.UTC(2026, 10, 21, 12));
    facts = factsOf(files);
    const repo = await branchRepo(files);
    dispose = repo.dispose;
    server = await serveDashboard({ repo: repo.repo });
    page = await browser.newPage();
    seen = watch(page);
  }, 240_000);
  afterAll(async () => {
    await page?.close();
    await server?.close();
    await dispose?.();
  });

  it('shows the suite over time with the branch numbers', async () => {
    await open(page, server.url);
    expect(facts.tests).toBe(10_000);
    expect(await text(page, '[data-metric=runs] .value')).toBe(String(facts.runs));
    expect(await text(page, '[data-metric=tests] .value')).toBe('10000');
    expect(await text(page, '[data-metric=quarantined] .value')).toBe(String(facts.quarantined));
    expect(await text(page, '[data-metric=red-with] .value')).toBe(String(facts.redWith));
    expect(await text(page, '[data-metric=share-flaky-without] .note')).toBe(`${facts.redFlakyWithout} of ${facts.runs} runs`);
    const newest = await page.$$eval(`table[data-table=runs] tr[data-seq="${facts.newest.seq}"] td`, (tds) => tds.map((td) => (td.textContent ?? '').trim()));
    expect(newest.slice(3, 7)).toEqual(['10000', String(facts.newest.failed), String(facts.newest.flaked), String(facts.newest.retried)]);
    expect(await page.$$eval('.chart canvas', (c) => c.length)).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: join(SHOTS, 'suite-by-run.png'), fullPage: true });
    await page.click('button[data-granularity=day]');
    await page.waitForSelector('button[data-granularity=day].on');
    expect(await page.$$eval('.chart .u-title', (t) => t.map((e) => e.textContent))).toContain('Share of runs red because of flaky tests, by day');
    await page.screenshot({ path: join(SHOTS, 'suite-by-day.png'), fullPage: true });
  });

  it('lists the flakiest tests, sorted by PFS, and searches 10k tests', async () => {
    await page.goto(`${server.url}#/tests`);
    await page.waitForSelector('[data-count]');
    expect(await page.$eval('[data-count]', (e) => Number((e as HTMLElement).dataset.count))).toBe(facts.flakyOrQuarantined);
    const firstPfs = await text(page, 'table[data-table=tests] tbody tr:first-child td:nth-child(3)');
    expect(Number(firstPfs.split(' ')[0])).toBeCloseTo(facts.maxPfs, 2);
    await page.screenshot({ path: join(SHOTS, 'tests.png'), fullPage: false });

    await page.select('#state', 'any');
    await page.type('#search', 'Feature12Test');
    const expected = [...facts.slots.keys()].filter((id) => id.toLowerCase().includes('feature12test')).length;
    expect(expected).toBe(20);
    await page.waitForFunction((n) => document.querySelector<HTMLElement>('[data-count]')?.dataset.count === String(n), { timeout: 10_000 }, expected);
    const ids = await page.$$eval('table[data-table=tests] tbody tr', (rows) => rows.map((r) => (r as HTMLElement).dataset.id ?? ''));
    expect(ids).toHaveLength(20);
    expect(ids.every((id) => id.includes('Feature12Test'))).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'search.png'), fullPage: false });
  });

  it("opens a test's page: its history strip and failure modes", async () => {
    await page.goto(`${server.url}#/tests`);
    await page.waitForSelector('table[data-table=tests] tbody tr');
    await page.$eval('#search', (e) => ((e as HTMLInputElement).value = ''));
    await page.select('#state', 'flaky-or-quarantined');
    await page.waitForFunction(() => document.querySelector('table[data-table=tests] tbody tr a') !== null);
    const id = await page.$eval('table[data-table=tests] tbody tr', (r) => (r as HTMLElement).dataset.id!);
    await page.click('table[data-table=tests] tbody tr a.test-link');
    await page.waitForSelector('.strip');
    expect(await page.$eval('.strip', (e) => Number((e as HTMLElement).dataset.cells))).toBe(facts.slots.get(id));
    expect(await page.$$eval('.strip .cell', (c) => c.length)).toBe(facts.slots.get(id));
    expect(await page.$$eval('table[data-table=modes] tbody tr', (r) => r.length)).toBeGreaterThan(0);
    expect(await page.$eval('.strip a.cell', (a) => (a as HTMLAnchorElement).href)).toMatch(/^https:\/\/github\.com\/octo\/project\/commit\/[0-9a-f]{40}$/);
    // Seed 002's PFS history: one point per run with an outcome, the newest being the PFS of the strip's last 10 runs.
    const cells = await page.$$eval('.strip .cell', (cs) =>
      cs.map((c) => ({
        seq: Number((c as HTMLElement).dataset.seq),
        attempts: (c as HTMLElement).dataset.attempts ?? '',
        outage: c.classList.contains('outage'),
        sha: /commit\/([0-9a-f]{40})$/.exec((c as HTMLAnchorElement).href ?? '')?.[1],
      })),
    );
    const expected = pfsHistory(cells.map((c) => ({ seq: c.seq, attempts: c.attempts, outage: c.outage, ...(c.sha ? { sha: c.sha } : {}) })));
    expect(expected.length).toBeGreaterThan(10);
    const chartBox = await page.$eval('[data-chart=pfs-history]', (e) => ({ ...(e as HTMLElement).dataset, canvases: e.querySelectorAll('canvas').length }));
    expect(chartBox).toMatchObject({ points: String(expected.length), last: expected.at(-1)!.pf.toFixed(4), canvases: 1 });
    // The issue link comes after decisions.json is read and the id hashed: waited for, not raced.
    await page.waitForSelector('[data-field=issue] a');
    expect(await page.$eval('[data-field=issue] a', (a) => (a as HTMLAnchorElement).href)).toMatch(/^https:\/\/github\.com\/octo\/project\/issues\?q=/);
    // Its quarantine timeline, as decisions.json has it (the flakiest test was quarantined by the rule).
    const timeline = expectedTimeline(facts, id);
    expect(timeline.length).toBeGreaterThan(0);
    expect(await shownTimeline(page)).toEqual(timeline);
    await page.screenshot({ path: join(SHOTS, 'test.png'), fullPage: true });
  });

  it('shows the quarantine backlog', async () => {
    await page.goto(`${server.url}#/quarantine`);
    await page.waitForSelector('[data-metric=backlog-count]');
    expect(await text(page, '[data-metric=backlog-count] .value')).toBe(String(facts.quarantined));
    const buckets = await page.$$eval('table[data-table=ages] tr td.num', (tds) => tds.reduce((n, td) => n + Number(td.textContent), 0));
    expect(buckets).toBe(facts.quarantined);
    await page.screenshot({ path: join(SHOTS, 'quarantine.png'), fullPage: false });
    expect(seen.errors).toEqual([]);
    expect(seen.dialogs).toEqual([]);
  });
});

describe('progressive loading', () => {
  it("draws the runs' outcomes first, and the tests' numbers once their files are read", async () => {
    const repo = await branchRepo(hostileBranchFiles());
    const server = await serveDashboard({ repo: repo.repo });
    const page = await browser.newPage();
    const seen = watch(page);
    const held: Array<{ continue: () => Promise<void> }> = [];
    try {
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        if (req.url().includes('/history/')) held.push(req);
        else void req.continue();
      });
      await page.goto(server.url, { waitUntil: 'load' });
      await page.waitForSelector('[data-metric=runs]');
      expect(await text(page, '[data-metric=runs] .value')).toBe('8');
      expect(await text(page, '[data-metric=red-with] .value')).toBe('2');
      expect(await text(page, '[data-metric=outage-runs] .value')).toBe('1');
      expect(await text(page, '[data-metric=tests] .value')).toBe('…');
      expect(await page.$$eval('.chart canvas', (c) => c.length)).toBeGreaterThanOrEqual(1);
      expect(await page.$eval('body', (b) => b.dataset.ready)).toBeUndefined();
      await page.screenshot({ path: join(SHOTS, 'first-paint.png') });
      while (held.length === 0) await new Promise((r) => setTimeout(r, 20));
      for (const req of held.splice(0)) await req.continue();
      await page.waitForSelector('body[data-painted="1"]');
      expect(await text(page, '[data-metric=tests] .value')).toBe('11');
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
      await repo.dispose();
    }
  }, 60_000);
});

describe('hostile data on the branch', () => {
  it('shows HTML in names, messages and hand edits as text: no element, no dialog, no CSP violation', async () => {
    const files = hostileBranchFiles();
    const statsFile = [...files].find(([path, t]) => path.startsWith('stats/') && t.includes('"com.shop.CartTest::adds"'))![0];
    const repo = await branchRepo(files);
    const server = await serveDashboard({ repo: repo.repo });
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await open(page, `${server.url}#/tests`);
      await page.select('#state', 'any');
      await page.type('#search', 'onerror');
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-count]')?.dataset.count === '1');
      const row = await text(page, 'table[data-table=tests] tbody tr');
      expect(row).toContain(HOSTILE_NAME);
      await page.click('table[data-table=tests] tbody tr a.test-link');
      await page.waitForSelector('.test-title');
      expect(await text(page, '.test-title')).toBe(HOSTILE_NAME);
      // As flakeguard stores it (normalised): still a script tag, shown as text.
      expect(await text(page, 'table[data-table=modes] tbody')).toContain(normalizeErrorMessage(HOSTILE_MESSAGE));
      expect(normalizeErrorMessage(HOSTILE_MESSAGE)).toContain('<script>');
      await page.screenshot({ path: join(SHOTS, 'hostile-test.png'), fullPage: true });

      // The hand override's reason, written by a person into the stats file.
      await page.goto(`${server.url}#/test/${encodeURIComponent('com.shop.CartTest::adds')}`);
      await page.waitForSelector('[data-field=override]');
      expect(await text(page, '[data-field=override]')).toContain(HOSTILE_REASON.replace(/"/g, '\\"'));
      expect(await text(page, '.badge')).toBe('quarantined by hand');
      // The cells it names, HTML in a matrix value shown as text.
      expect(await text(page, '[data-field=cells]')).toBe(`only in ${HOSTILE_CELL}: its failures in other cells block`);
      expect(await text(page, '[data-field=stats-file]')).toBe(statsFile);
      // Its timeline: the override a person set, with their HTML reason shown as text; no issue number is known.
      const facts = { decisions: JSON.parse(files.get('decisions.json')!).tests };
      const adds = expectedTimeline(facts, 'com.shop.CartTest::adds');
      expect(adds).toHaveLength(1);
      expect(adds[0]![4]).toContain(HOSTILE_REASON);
      expect(await shownTimeline(page)).toEqual(adds);
      await page.waitForSelector('[data-field=issue] a');
      expect(await page.$eval('[data-field=issue] a', (a) => (a as HTMLAnchorElement).href)).toMatch(/^https:\/\/github\.com\/octo\/shop\/issues\?q=/);
      await page.screenshot({ path: join(SHOTS, 'hostile-timeline.png'), fullPage: true });

      // The hostile test's issue is known: a link to the issue itself.
      const hostileId = `${HOSTILE_CLASS}::${HOSTILE_NAME}`;
      await page.goto(`${server.url}#/test/${encodeURIComponent(hostileId)}`);
      expect(await shownTimeline(page)).toEqual(expectedTimeline(facts, hostileId));
      expect(facts.decisions[hostileId].issue).toBe(HOSTILE_ISSUE);
      await page.waitForSelector('[data-field=issue] a[data-issue]');
      expect(await page.$eval('[data-field=issue] a', (a) => [(a as HTMLAnchorElement).href, a.textContent])).toEqual([`https://github.com/octo/shop/issues/${HOSTILE_ISSUE}`, `#${HOSTILE_ISSUE}`]);

      // Owners, from the branch's copy of CODEOWNERS: a column, a filter, and the backlog's owners.
      await page.goto(`${server.url}#/tests`);
      await page.waitForSelector('#owner');
      await page.select('#state', 'any');
      await page.$eval('#search', (e) => ((e as HTMLInputElement).value = ''));
      await page.type('#owner', 'alice');
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-count]')?.dataset.count === '10');
      expect(await text(page, 'table[data-table=tests] tbody tr td:nth-child(2)')).toBe('@octo/shop, @alice');
      await page.screenshot({ path: join(SHOTS, 'owners.png') });
      await page.goto(`${server.url}#/quarantine`);
      await page.waitForSelector('table[data-table=owners]');
      expect(await page.$$eval('table[data-table=owners] tr', (rows) => rows.map((r) => (r.textContent ?? '').trim()))).toEqual(['@alice1', '@octo/core1', '@octo/shop1']);

      // The outage of run 4 is counted as such.
      await page.goto(server.url);
      await page.waitForSelector('table[data-table=runs]');
      // 8 runs: the rolling chart does not claim 20, and counts take their plural only when they should.
      expect(await page.$$eval('.chart .u-title', (t) => t.map((e) => e.textContent))).toContain('Share of runs red because of flaky tests (over the runs so far: 8 runs on the branch)');
      expect(await text(page, '[data-metric=quarantined] .note')).toMatch(/^(1 flaky test|(0|[2-9]|\d\d+) flaky tests)$/);
      const outage = await page.$$eval('table[data-table=runs] tr[data-seq="4"] td', (tds) => tds.map((td) => (td.textContent ?? '').trim()));
      expect(outage[7]).toBe('8');

      // After the page's next frame (as the page marks itself painted), not after a guessed 300 ms: whatever this route
      // renders has been rendered by then.
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(await page.$$eval('img, svg, script:not(:first-of-type)', (e) => e.length)).toBe(0);
      expect(seen.dialogs).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
      await repo.dispose();
    }
  }, 60_000);
});

describe('a branch written before decisions.json', () => {
  it("says there is no timeline yet, and searches for the test's issue", async () => {
    const files = hostileBranchFiles();
    files.delete('decisions.json');
    const repo = await branchRepo(files);
    const server = await serveDashboard({ repo: repo.repo });
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await open(page, `${server.url}#/test/${encodeURIComponent('com.shop.CartTest::adds')}`);
      await page.waitForSelector('[data-timeline=missing]');
      expect(await text(page, '[data-timeline=missing]')).toMatch(/^No timeline yet: this data branch has no decisions\.json/);
      expect(await page.$$eval('table[data-table=timeline]', (t) => t.length)).toBe(0);
      await page.waitForSelector('[data-field=issue] a');
      expect(await page.$eval('[data-field=issue] a', (a) => (a as HTMLAnchorElement).href)).toMatch(/^https:\/\/github\.com\/octo\/shop\/issues\?q=/);
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
      await repo.dispose();
    }
  }, 60_000);
});

describe('failures grouped by co-failure cluster', () => {
  const SIG_HTML = '<svg onload=alert(7)>';
  const name = 'rows <img src=x onerror=alert(1)> @mallory #1';
  /** Four tests that fail together, one with an HTML name, with a message holding HTML (a fifth fails alone, in the last run). */
  const together = (attempts: string): CaseSpec[] => [
    { classname: 'app.Db', name: 'reads', attempts, file: 'src/db/db.test.ts', message: `connect ECONNRESET ${SIG_HTML} 10.0.0.7:5432` },
    { classname: 'app.Db', name: 'writes', attempts, file: 'src/db/db.test.ts', message: `connect ECONNRESET ${SIG_HTML} 10.0.0.7:5432` },
    { classname: 'app.Db', name, attempts, file: 'src/db/db.test.ts', message: `connect ECONNRESET ${SIG_HTML} 10.0.0.9:5432` },
    { classname: 'app.Api', name: 'lists', attempts, file: 'src/api/api.test.ts', message: `connect ECONNRESET ${SIG_HTML} 10.0.0.7:5433` },
  ];
  const stable: CaseSpec[] = Array.from({ length: 8 }, (_, i) => ({ classname: 'app.Util', name: `ok${i}`, file: 'src/util.test.ts' }));

  it("shows the step's clusters.json: a line on the suite view, each cluster with its members, and the cluster on a member's page", async () => {
    // The branch as the bundled step writes it (dist/index.js): three runs in which the four fail together.
    const world = await World.create();
    let server: DashboardServer | undefined;
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      for (const attempts of ['F', 'F', 'FP']) {
        await world.commit(`change ${attempts}`);
        await world.writeReport(
          'reports/unit.xml',
          junitXml([...stable, ...together(attempts), { classname: 'app.Cart', name: 'total', attempts: attempts === 'FP' ? 'FP' : 'P', message: 'expected 3 to be 4' }]),
        );
        const run = await world.run({ inputs: { 'test-outcome': attempts === 'FP' ? 'success' : 'failure' } });
        expect(run.exitCode, run.stderr).toBeDefined();
      }
      const file = JSON.parse((await world.dataFiles()).get('clusters.json')!) as { clusters: Record<string, { members: string[]; sig: string; since: number; together: number; last: number }> };
      expect(Object.keys(file.clusters)).toEqual(['1']);
      const cluster = file.clusters['1']!;
      expect(cluster.members).toHaveLength(4);
      expect(cluster.sig).toContain('<svg onload=alert(#)>');
      server = await serveDashboard({ repo: world.remote });

      // The suite view: one line for the cluster, said as the summary says it, its members named.
      await open(page, server.url);
      const line = await text(page, '[data-section=failed-together] li[data-cluster="1"]');
      expect(line).toContain(`4 tests failed together with ${cluster.sig}: cluster 1, since run #${cluster.since} (together in ${cluster.together} runs, the newest #${cluster.last})`);
      expect(line).toContain(name);

      // #/clusters: the cluster and its members, each a link to its page; the newest run's failures counted.
      await page.click('[data-section=failed-together] li[data-cluster="1"] a[href="#/clusters/1"]');
      await page.waitForSelector('section[data-cluster="1"]');
      expect(await page.$$eval('section[data-cluster="1"] tbody tr', (rows) => rows.map((r) => (r as HTMLElement).dataset.id))).toEqual([...cluster.members].sort());
      expect(await text(page, 'section[data-cluster="1"] .cluster-line')).toContain('In the newest run (#3), 4 of them failed.');
      expect(await text(page, 'section[data-cluster="1"] code.sig')).toBe(cluster.sig);
      await page.screenshot({ path: join(SHOTS, 'clusters.png'), fullPage: true });

      // A member's page names its cluster.
      await page.click(`section[data-cluster="1"] tr[data-id="app.Db::${name}"] a.test-link`);
      await page.waitForSelector('[data-field=cluster]');
      expect(await text(page, '.test-title')).toBe(name);
      expect(await text(page, '[data-field=cluster]')).toBe(
        `Fails together with 3 other tests with ${cluster.sig}: cluster 1, since run #${cluster.since} (together in ${cluster.together} runs, the newest #${cluster.last}). Most likely one cause: fix it once.`,
      );
      // The test that failed alone is in no cluster.
      await page.goto(`${server.url}#/test/${encodeURIComponent('app.Cart::total')}`);
      await page.waitForSelector('.test-title');
      expect(await page.$$eval('[data-field=cluster]', (e) => e.length)).toBe(0);

      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(await page.$$eval('img, svg, script:not(:first-of-type)', (e) => e.length)).toBe(0);
      expect(seen.dialogs).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
      await server?.close();
      await world.dispose();
    }
  }, 240_000);

  it("shows a test's diagnosis by experiment from diagnoses.json: the category, why, the counts and the polluter as text", async () => {
    const files = hostileBranchFiles();
    const hostileId = `${HOSTILE_CLASS}::${HOSTILE_NAME}`;
    const hostilePolluter = '<img src=q onerror=alert(9)> @mallory';
    const evidence = [
      { variation: 'rest', executions: 8, failures: 0 },
      { variation: 'file', executions: 8, failures: 8, detail: `after ${hostilePolluter}` },
    ];
    files.set(
      'diagnoses.json',
      JSON.stringify({
        schema: 1,
        tests: {
          [hostileId]: { category: 'order-dependent', at: '2026-11-29T02:00:00Z', sha: 'abc1234def', polluter: 'com.shop.CartTest::adds', evidence },
          'com.shop.CartTest::removes': { category: 'order-dependent', at: '2026-11-29T02:00:00Z', polluter: hostilePolluter, evidence },
          'com.shop.DbTest::q1': {
            category: 'time-zone-locale',
            at: '2026-11-29T02:00:00Z',
            evidence: [
              { variation: 'rest', executions: 8, failures: 0 },
              { variation: 'tz', executions: 8, failures: 8, detail: 'TZ=Pacific/Kiritimati' },
            ],
          },
        },
      }),
    );
    const repo = await branchRepo(files);
    const server = await serveDashboard({ repo: repo.repo });
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await open(page, `${server.url}#/test/${encodeURIComponent(hostileId)}`);
      await page.waitForSelector('[data-field=diagnosis]');
      expect(await page.$eval('[data-field=diagnosis]', (e) => (e as HTMLElement).dataset.category)).toBe('order-dependent');
      expect(await text(page, '[data-field=diagnosis] strong')).toBe('Diagnosis by experiment: order-dependent');
      expect(await text(page, '[data-field=diagnosis-counts]')).toBe('rest 0/8 · file 8/8');
      expect(await text(page, '[data-field=diagnosis-why]')).toContain('order-dependent');
      // The polluter on the branch is a link to its page.
      expect(await page.$eval('[data-field=polluter] a', (a) => a.getAttribute('href'))).toBe(`#/test/${encodeURIComponent('com.shop.CartTest::adds')}`);

      // A polluter the branch does not hold (or a hostile one) is text, never markup.
      await page.goto(`${server.url}#/test/${encodeURIComponent('com.shop.CartTest::removes')}`);
      await page.waitForSelector('[data-field=polluter] code');
      expect(await text(page, '[data-field=polluter] code')).toBe(hostilePolluter);

      await page.goto(`${server.url}#/test/${encodeURIComponent('com.shop.DbTest::q1')}`);
      await page.waitForSelector('[data-field=diagnosis][data-category=time-zone-locale]');
      expect(await text(page, '[data-field=diagnosis-counts]')).toBe('rest 0/8 · tz 8/8');
      expect(await page.$$eval('[data-field=polluter]', (e) => e.length)).toBe(0);

      // A test that was never diagnosed shows none.
      await page.goto(`${server.url}#/test/${encodeURIComponent('com.shop.DbTest::q2')}`);
      await page.waitForSelector('.test-title');
      expect(await page.$$eval('[data-field=diagnosis]', (e) => e.length)).toBe(0);

      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      expect(await page.$$eval('img, svg, script:not(:first-of-type)', (e) => e.length)).toBe(0);
      expect(seen.dialogs).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
      await repo.dispose();
    }
  }, 60_000);

  it('says there is no cluster on a branch without clusters.json', async () => {
    const repo = await branchRepo(hostileBranchFiles());
    const server = await serveDashboard({ repo: repo.repo });
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await open(page, `${server.url}#/clusters`);
      await page.waitForSelector('[data-clusters="0"]');
      expect(await page.$$eval('[data-section=failed-together]', (e) => e.length)).toBe(0);
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
      await server.close();
      await repo.dispose();
    }
  }, 60_000);
});
