/**
 * The org dashboard in a real browser: Debian's headless Chromium (puppeteer-core) opens the page `flakeguard org`
 * wrote, from disk (file://), as a person opens it on a laptop. Its views must show the org's numbers, name the
 * repositories left out with their reasons, keep every hostile name as text, link each test to its repository's
 * dashboard, and run without a script error, a dialog or a CSP violation. Screenshots go to .artifacts/org/.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { buildOrg, type OrgBuildResult } from '../../src/org/build.ts';
import { PROJECT_ROOT } from '../support/action.ts';
import { HOSTILE_CLASS, HOSTILE_NAME, launchBrowser } from '../support/dashboard.ts';
import { HOSTILE_REPO_NAME, orgFixture, type OrgFixture } from '../support/org.ts';

const SHOTS = join(PROJECT_ROOT, '.artifacts/org');

let fixture: OrgFixture;
let out: string;
let result: OrgBuildResult;
let browser: Browser;
let page: Page;
const seen = { dialogs: [] as string[], errors: [] as string[] };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  fixture = await orgFixture();
  out = await mkdtemp(join(tmpdir(), 'flakeguard-org-page-'));
  result = await buildOrg({
    sources: fixture.sources,
    out,
    branch: 'flakeguard-data',
    token: '',
    dashboardUrl: 'https://{owner}.github.io/{repo}/',
    database: false,
    cwd: out,
    now: Date.UTC(2026, 10, 22),
    log: () => undefined,
  });
  browser = await launchBrowser();
  page = await browser.newPage();
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => seen.errors.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(`console: ${m.text()}`);
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(pathToFileURL(result.page).href, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready]');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await fixture?.dispose();
  if (out) await rm(out, { recursive: true, force: true });
});

const cells = (page: Page, selector: string): Promise<string[][]> => page.$$eval(selector, (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));

describe('the org dashboard page', () => {
  it('ranks the repositories read, with the numbers of the model', async () => {
    expect(await page.$eval('body', (b) => b.dataset.ready)).toBe('1');
    const rows = await cells(page, 'table[data-table=repos] tbody tr');
    expect(rows.map((r) => r[1])).toEqual(result.model.repos.map((r) => r.name));
    for (const [i, r] of result.model.repos.entries()) {
      expect(rows[i]![2]).toBe(String(r.runs));
      expect(rows[i]![3]).toMatch(new RegExp(`^${r.redFlakyWithout} \\(`));
      expect(rows[i]![5]).toBe(String(r.flaky));
      expect(rows[i]![6]).toBe(String(r.quarantined));
      expect(rows[i]![10]).toBe(String(r.saved));
    }
    const repoLinks = await page.$$eval('table[data-table=repos] tbody td:nth-child(2) a', (as) => as.map((a) => a.getAttribute('href')));
    expect(repoLinks.sort()).toEqual(['https://octo.github.io/project/', 'https://octo.github.io/shop/']);
    expect(await page.$('[data-chart=org-trend] canvas')).not.toBeNull();
    await page.screenshot({ path: join(SHOTS, 'repositories.png'), fullPage: true });
  });

  it('names each repository left out, and why, above the numbers', async () => {
    expect(await page.$eval('[data-missing]', (e) => e.getAttribute('data-missing'))).toBe('3');
    const items = await page.$$eval('[data-missing] li', (lis) => lis.map((li) => li.textContent ?? ''));
    expect(items).toHaveLength(3);
    expect(items.some((t) => t.includes(HOSTILE_REPO_NAME) && t.includes('could not be fetched'))).toBe(true);
    expect(items.some((t) => t.includes('The data branch is damaged (runs.json'))).toBe(true);
    expect(items.some((t) => t.includes("has no branch 'flakeguard-data'"))).toBe(true);
  });

  it('lists the flakiest tests across repositories, hostile names as text, each linked to its repository’s dashboard', async () => {
    await page.evaluate(() => {
      location.hash = '#/tests';
    });
    await page.waitForSelector('table[data-table=org-tests]');
    const rows = await page.$$eval('table[data-table=org-tests] tbody tr', (trs) =>
      trs.map((tr) => ({
        repo: tr.getAttribute('data-repo'),
        id: tr.getAttribute('data-id'),
        href: tr.querySelector('td:nth-child(2) a')?.getAttribute('href') ?? null,
        text: tr.querySelector('td:nth-child(2)')?.textContent ?? '',
      })),
    );
    expect(rows.map((r) => [r.repo, r.id])).toEqual(result.model.tests.map((t) => [t.repo, t.id]));
    const hostile = rows.find((r) => r.id === `${HOSTILE_CLASS}::${HOSTILE_NAME}`)!;
    expect(hostile.text).toBe(`${HOSTILE_CLASS} › ${HOSTILE_NAME}`);
    expect(hostile.href).toBe(result.model.tests.find((t) => t.id === hostile.id)!.href);
    await page.screenshot({ path: join(SHOTS, 'tests.png'), fullPage: true });
  });

  it('ran no injected markup, no dialog, no script error and no CSP violation', async () => {
    expect(await page.$$eval('img, svg:not(.uplot svg), iframe', (els) => els.length)).toBe(0);
    expect(seen.dialogs).toEqual([]);
    expect(seen.errors).toEqual([]);
  });
});
