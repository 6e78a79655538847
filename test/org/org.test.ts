/**
 * The org build (src/org/build.ts) on real git: five repositories given, two data branches read (the dashboard's
 * hostile branch and a generated one), and the three an org build must name and leave out: unreachable, no data
 * branch, and a damaged branch (the step's own sentence). Numbers are checked against the branches' raw JSON files;
 * the tables are read back through the DuckDB file the build wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildOrg, type OrgBuildResult } from '../../src/org/build.ts';
import { damageReason, parseSnapshot } from '../../src/store/snapshot.ts';
import { DASHBOARD_HTML } from '../../src/dashboard/page.generated.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { HOSTILE_CLASS, HOSTILE_MESSAGE, HOSTILE_NAME, branchRepo } from '../support/dashboard.ts';
import { HOSTILE_REPO_NAME, orgFixture, type OrgFixture } from '../support/org.ts';

/** What the page must say about a branch, from its raw files alone. */
function factsOf(files: Map<string, string>): { runs: number; tests: number; quarantined: number } {
  const runs = Object.keys(JSON.parse(files.get('runs.json')!).runs).length;
  let tests = 0;
  let quarantined = 0;
  for (const [path, text] of files) {
    if (path.startsWith('history/')) tests += Object.keys(JSON.parse(text).tests).length;
    if (path.startsWith('stats/')) quarantined += Object.values(JSON.parse(text).tests as Record<string, { quarantined?: boolean }>).filter((t) => t.quarantined).length;
  }
  return { runs, tests, quarantined };
}

async function query(path: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Array<Record<string, unknown>>;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

let fixture: OrgFixture;
let out: string;
let result: OrgBuildResult;
const log: string[] = [];

beforeAll(async () => {
  fixture = await orgFixture();
  out = await mkdtemp(join(tmpdir(), 'flakeguard-org-out-'));
  result = await buildOrg({
    sources: fixture.sources,
    out,
    branch: 'flakeguard-data',
    token: '',
    dashboardUrl: 'https://{owner}.github.io/{repo}/',
    database: true,
    cwd: out,
    now: Date.UTC(2026, 10, 22),
    log: (m) => log.push(m),
  });
}, 60_000);
afterAll(async () => {
  await fixture?.dispose();
  if (out) await rm(out, { recursive: true, force: true });
});

describe('flakeguard org', () => {
  it('reads the two data branches and counts what their files hold', () => {
    const shop = factsOf(fixture.shop.files);
    const project = factsOf(fixture.project.files);
    const byName = new Map(result.model.repos.map((r) => [r.name, r]));
    expect([...byName.keys()].sort()).toEqual(['octo/project', 'octo/shop']);
    for (const [name, facts] of [
      ['octo/shop', shop],
      ['octo/project', project],
    ] as const) {
      const r = byName.get(name)!;
      expect({ runs: r.runs, tests: r.tests, quarantined: r.quarantined }).toEqual(facts);
    }
    expect(result.model.totals.tests).toBe(shop.tests + project.tests);
    expect(result.model.totals.runs).toBe(shop.runs + project.runs);
    // Ranked: most runs red because of flaky tests first.
    const ranked = result.model.repos.map((r) => r.redFlakyWithout);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
  });

  it('names every repository it leaves out, and why, in the model, the page, the log and the database', async () => {
    const missing = new Map(result.model.missing.map((m) => [m.source, m.reason]));
    expect(missing.size).toBe(3);
    expect(missing.get(fixture.unreachable)).toMatch(/^could not be fetched: /);
    expect(missing.get(fixture.noBranch)).toBe("has no branch 'flakeguard-data': flakeguard creates it on its first run there.");
    // The step's own sentence for a branch it fails closed on (src/store/snapshot.ts damageReason).
    const broken = new Map(fixture.shop.files);
    broken.set('runs.json', fixture.shop.files.get('runs.json')!.slice(0, 200));
    const stepSays = damageReason(parseSnapshot(broken))!;
    expect(stepSays).toMatch(/^The data branch is damaged \(runs\.json/);
    expect(missing.get(fixture.damaged)).toContain(stepSays.slice(0, stepSays.indexOf(' Nothing was written')));
    expect(result.model.totals.missing).toBe(3);
    for (const source of missing.keys()) expect(log.some((line) => line.includes(source) && line.includes('MISSING'))).toBe(true);
    const rows = await query(result.database!.path, 'SELECT source, status, reason FROM repositories ORDER BY status, source');
    expect(rows.filter((r) => r.status === 'missing').map((r) => [r.source, r.reason])).toEqual([...missing].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(rows.filter((r) => r.status === 'read')).toHaveLength(2);
  });

  it('exports both repositories into one set of tables and one DuckDB file', async () => {
    const shop = factsOf(fixture.shop.files);
    const project = factsOf(fixture.project.files);
    const db = result.database!.path;
    const runs = await query(db, 'SELECT repository, count(*)::INTEGER AS n FROM runs GROUP BY repository ORDER BY repository');
    expect(runs).toEqual([
      { repository: 'octo/project', n: project.runs },
      { repository: 'octo/shop', n: shop.runs },
    ]);
    const tests = await query(db, 'SELECT repository, count(*)::INTEGER AS n FROM tests GROUP BY repository ORDER BY repository');
    expect(tests).toEqual([
      { repository: 'octo/project', n: project.tests },
      { repository: 'octo/shop', n: shop.tests },
    ]);
    expect(result.database!.rows.get('runs')).toBe(shop.runs + project.runs);
    expect(result.tables.runs!.rows).toBe(shop.runs + project.runs);
    // Hostile names and messages are data in every table: read back byte for byte.
    const hostile = await query(db, `SELECT test_id, name, classname FROM tests WHERE name = '${HOSTILE_NAME.replace(/'/g, "''")}'`);
    expect(hostile).toEqual([{ test_id: `${HOSTILE_CLASS}::${HOSTILE_NAME}`, name: HOSTILE_NAME, classname: HOSTILE_CLASS }]);
    const messages = await query(db, `SELECT DISTINCT message FROM test_runs WHERE test_id = '${`${HOSTILE_CLASS}::${HOSTILE_NAME}`.replace(/'/g, "''")}' AND message IS NOT NULL`);
    // As the branch stores it (normalised: numbers and paths blanked), byte for byte.
    expect(messages.map((m) => m.message)).toEqual([normalizeErrorMessage(HOSTILE_MESSAGE)]);
    expect(normalizeErrorMessage(HOSTILE_MESSAGE)).toContain('<script>');
  });

  it('writes a page with the repository dashboard’s CSP rules, its model as inert data, and links to each repository’s dashboard', async () => {
    const html = await readFile(result.page, 'utf8');
    const csp = (page: string): string => /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)![1]!.replace(/'sha256-[^']+'/g, 'HASH');
    expect(csp(html)).toBe(csp(DASHBOARD_HTML));
    // No name from a branch or a source reaches the HTML as markup: every `<` of the data block is escaped.
    for (const hostile of [HOSTILE_NAME, HOSTILE_CLASS, HOSTILE_REPO_NAME]) expect(html).not.toContain(hostile);
    expect(html.match(/<\/script/g)).toHaveLength(2);
    const block = /<script type="application\/json" id="org-data">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(block)).toEqual(JSON.parse(await readFile(join(out, 'org.json'), 'utf8')));
    expect(JSON.parse(block).missing.map((m: { source: string }) => m.source)).toContain(fixture.unreachable);
    const hostileTest = result.model.tests.find((t) => t.name === HOSTILE_NAME)!;
    expect(hostileTest.repo).toBe('octo/shop');
    const encoded = encodeURIComponent(hostileTest.id).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    expect(hostileTest.href).toBe(`https://octo.github.io/shop/#/test/${encoded}`);
    expect(result.model.repos.find((r) => r.name === 'octo/shop')!.dashboard).toBe('https://octo.github.io/shop/');
  });

  it('leaves no database of an earlier build beside a build without one', async () => {
    expect(existsSync(result.database!.path)).toBe(true);
    const again = await buildOrg({ sources: [fixture.shop.source], out, branch: 'flakeguard-data', token: '', database: false, cwd: out, now: Date.UTC(2026, 10, 23), log: () => undefined });
    expect(again.database).toBeUndefined();
    expect(existsSync(result.database!.path)).toBe(false);
    expect(JSON.parse(await readFile(join(out, 'org.json'), 'utf8')).totals.repos).toBe(1);
  });

  it('a name listed again is a duplicate: after a source of it that could not be read, and when every source of it failed', async () => {
    const dupOut = await mkdtemp(join(tmpdir(), 'flakeguard-org-dup-'));
    try {
      const sources = [`octo/shop=${fixture.unreachable}`, fixture.shop.source, `octo/gone=${fixture.unreachable}`, `octo/gone=${fixture.noBranch}`, fixture.shop.source];
      const built = await buildOrg({ sources, out: dupOut, branch: 'flakeguard-data', token: '', database: true, cwd: dupOut, now: Date.UTC(2026, 10, 23), log: () => undefined });
      expect(built.listed).toBe(2);
      expect(built.model.repos.map((r) => r.name)).toEqual(['octo/shop']);
      expect(built.model.missing.map((m) => [m.name, m.source])).toEqual([['octo/gone', fixture.unreachable]]);
      expect(built.duplicates.map((d) => [d.name, d.source, d.reason.replace(/: .*$/s, '')])).toEqual([
        ['octo/shop', fixture.shop.path, `listed again under the name octo/shop, read once from ${fixture.shop.path}`],
        ['octo/shop', fixture.unreachable, `listed again under the name octo/shop, read from ${fixture.shop.path}; not from this source`],
        ['octo/gone', fixture.noBranch, 'listed again under the name octo/gone; not from this source'],
      ]);
      const rows = await query(built.database!.path, 'SELECT repository, status FROM repositories ORDER BY status, repository');
      expect(rows.map((r) => `${r.status} ${r.repository}`)).toEqual(['duplicate octo/gone', 'duplicate octo/shop', 'duplicate octo/shop', 'missing octo/gone', 'read octo/shop']);
    } finally {
      await rm(dupOut, { recursive: true, force: true });
    }
  });

  it('builds every other repository when one branch holds what no reader expected (a run link with a broken escape)', async () => {
    // The step reads this branch (a link is kept as written); the page's readers must neither stop on it nor take
    // the other repositories with them.
    const files = new Map(fixture.shop.files);
    files.set('runs.json', files.get('runs.json')!.replace(/https:\/\/[^"]*/g, 'https://github.com/octo/%E0%A4%A/actions/runs/1/attempts/1'));
    expect(damageReason(parseSnapshot(files))).toBeUndefined();
    const odd = await branchRepo(files);
    const dir = await mkdtemp(join(tmpdir(), 'flakeguard-org-odd-'));
    try {
      const built = await buildOrg({
        sources: [odd.repo, fixture.project.source],
        out: dir,
        branch: 'flakeguard-data',
        token: '',
        database: false,
        cwd: dir,
        now: Date.UTC(2026, 10, 22),
        log: () => undefined,
      });
      expect(built.model.missing).toEqual([]);
      expect(built.model.repos.map((r) => r.tests).sort((a, b) => a - b)).toEqual([factsOf(fixture.shop.files).tests, factsOf(fixture.project.files).tests].sort((a, b) => a - b));
      expect(built.tables.runs!.rows).toBe(factsOf(fixture.shop.files).runs + factsOf(fixture.project.files).runs);
    } finally {
      await odd.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads only the files it needs from each branch', () => {
    expect(log.filter((l) => !l.includes('MISSING'))).toHaveLength(2);
    // neededPath: never the page or the README that the dashboard's branch carries.
    return import('../../src/org/fetch.ts').then(({ neededPath }) => {
      expect(['index.html', 'README.md', '.nojekyll', 'badge.json'].filter(neededPath)).toEqual([]);
      expect(['flakeguard.json', 'runs.json', 'decisions.json', 'history/00.json', 'stats/0a.json', 'dashboard/CODEOWNERS'].every(neededPath)).toBe(true);
    });
  });
});
