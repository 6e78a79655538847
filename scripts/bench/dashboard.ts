/**
 * The dashboard's load time in a real browser: Debian's headless Chromium (puppeteer-core) opens the page served by
 * serveDashboard from a generated data branch (scripts/bench/step.ts's generator, cached in .bench/cache) and reads
 * the page's own Performance API marks, in ms from navigation start: `fg:runs-painted`, the frame after the suite view
 * is first drawn with data (runs.json: every run's outcome, charted) — the first meaningful paint — and `fg:painted`,
 * the frame after every file is read and every number drawn (complete). Each load is cold (cache disabled).
 * Also times what the step pays for the page when the version did not change (read index.html, check its marker).
 *
 *   node_modules/.bin/node scripts/bench/dashboard.ts [--sizes 10000,100000] [--repeat 3]
 */
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataBranchRepo } from './step.ts';
import { serveDashboard } from '../../src/dashboard/serve.ts';
import { dashboardFiles } from '../../src/dashboard/branch-files.ts';
import { DASHBOARD_HTML } from '../../src/dashboard/page.generated.ts';
import { launchBrowser } from '../../test/support/dashboard.ts';

export interface DashboardLoad {
  name: string;
  tests: number;
  runs: number;
  /** Median first meaningful paint (fg:runs-painted), ms from navigation start. */
  ms: number;
  /** Median time to the complete page (fg:painted): every file read, every number drawn. */
  completeMs: number;
  completes: number[];
  fcpMs: number | null;
  measures: number[];
  bytes: number;
  targetMs: number;
  met: boolean;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchDashboard(options: { sizes?: number[]; repeat?: number; log?: (m: string) => void } = {}): Promise<Array<DashboardLoad | Record<string, unknown>>> {
  const log = options.log ?? ((m: string) => console.error(m));
  const sizes = options.sizes ?? [10_000, 100_000];
  const repeat = options.repeat ?? 3;
  const end = Date.UTC(2026, 10, 21, 12);
  const out: Array<DashboardLoad | Record<string, unknown>> = [];
  const browser = await launchBrowser();
  try {
    for (const tests of sizes) {
      const { repo, bytes } = await dataBranchRepo(tests, 200, end, log);
      const server = await serveDashboard({ repo });
      try {
        const measures: number[] = [];
        const complete: number[] = [];
        const fcp: number[] = [];
        for (let i = 0; i < repeat; i++) {
          const page = await browser.newPage();
          await page.setCacheEnabled(false);
          await page.goto(server.url, { waitUntil: 'load' });
          await page.waitForSelector('body[data-painted="1"], body[data-ready="error"]', { timeout: 120_000 });
          const marks = await page.evaluate(() => ({
            first: performance.getEntriesByName('fg:runs-painted')[0]?.startTime ?? -1,
            painted: performance.getEntriesByName('fg:painted')[0]?.startTime ?? -1,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
            phases: Object.fromEntries(
              performance
                .getEntriesByType('mark')
                .filter((m) => m.name.startsWith('fg:'))
                .map((m) => [m.name.slice(3), Math.round(m.startTime)]),
            ),
          }));
          log(`    marks (ms from navigation start): ${JSON.stringify(marks.phases)}`);
          if (marks.painted < 0 || marks.first < 0) throw new Error(`the dashboard of ${tests} tests did not load`);
          measures.push(Math.round(marks.first));
          complete.push(Math.round(marks.painted));
          if (marks.fcp !== null) fcp.push(Math.round(marks.fcp));
          await page.close();
        }
        // One keystroke in the search box of the flakiest tests: filter, sort and draw, measured in the page.
        const page = await browser.newPage();
        await page.goto(`${server.url}#/tests`, { waitUntil: 'load' });
        await page.waitForSelector('body[data-painted="1"]', { timeout: 120_000 });
        await page.select('#state', 'any');
        const searches: number[] = [];
        for (const word of ['case7_', 'feature12', 'module3.feature']) {
          await page.$eval('#search', (e) => ((e as HTMLInputElement).value = ''));
          await page.type('#search', word);
          await page.waitForFunction(
            (w) => [...document.querySelectorAll('table[data-table=tests] tbody tr')].every((r) => (r as HTMLElement).dataset.id!.toLowerCase().includes(w)),
            { timeout: 30_000 },
            word,
          );
          searches.push(await page.evaluate(() => Math.round(performance.getEntriesByName('fg:query').at(-1)!.duration)));
        }
        await page.close();
        log(`  dashboard ${tests} tests: search ${searches.join('/')} ms per keystroke (filter, sort, draw)`);
        const targetMs = tests <= 10_000 ? 1000 : 3000;
        const ms = median(measures);
        log(`  dashboard ${tests} tests: first meaningful paint ${measures.join('/')} ms (target < ${targetMs}); complete ${complete.join('/')} ms`);
        out.push({
          name: `first meaningful paint, ${tests} tests, 200-run history`,
          tests,
          runs: 200,
          ms,
          completeMs: median(complete),
          completes: complete,
          searchMs: searches,
          fcpMs: fcp.length ? median(fcp) : null,
          measures,
          bytes,
          targetMs,
          met: ms < targetMs,
        });
      } finally {
        await server.close();
      }
    }
  } finally {
    await browser.close();
  }

  // What the step pays when the page is already current: read index.html (readSnapshotDir reads every file) and
  // check its marker, per run.
  const dir = await mkdtemp(join(tmpdir(), 'flakeguard-bench-page-'));
  try {
    await writeFile(join(dir, 'index.html'), DASHBOARD_HTML);
    const n = 200;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await dashboardFiles(new Map([['index.html', await readFile(join(dir, 'index.html'), 'utf8')]]));
    const perRunMs = (performance.now() - t0) / n;
    log(`  step, page unchanged: ${perRunMs.toFixed(3)} ms per run (read index.html + check the marker)`);
    out.push({ name: 'step: page unchanged (read + marker check)', ms: Math.round(perRunMs * 1000) / 1000, pageBytes: DASHBOARD_HTML.length });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const result = await benchDashboard({ sizes: arg('sizes')?.split(',').map(Number), repeat: arg('repeat') ? Number(arg('repeat')) : undefined });
  console.log(JSON.stringify(result, null, 2));
}
