/**
 * `flakeguard org`'s work (docs/org.md): the data branches of several repositories read one at a time
 * (src/org/fetch.ts), each summed up for the org page (src/dashboard/org-model.ts) and streamed into one export of
 * the four tables (src/export/, Parquet), then the org page (`index.html`, the model in its data block), the model as
 * `org.json`, and the embedded database (`flakeguard.duckdb`, src/org/database.ts). Memory holds one branch at a
 * time. A repository that cannot be read is left out of every table and total and named everywhere the totals are:
 * the page, org.json, the database's `repositories` table and the command's output. A repository listed again is
 * read once: the repeat is a duplicate, in the command's output and the database, never missing.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { exportTables, type ExportNote, type ExportSource, type TableFile } from '../export/index.ts';
import { orgDataBlock, orgModel, summarizeRepo, type MissingRepo, type OrgModel, type RepoSummary } from '../dashboard/org-model.ts';
import { logText } from '../text/escape.ts';
import { listedRepo } from './listed.ts';
import { ORG_DATA_PLACEHOLDER, ORG_PAGE_HTML } from '../dashboard/org-page.generated.ts';
import { printableSource, readRepo, RepoUnavailable } from './fetch.ts';
import { buildDatabase, loadDuckDb, type RepositoryRow } from './database.ts';

export const DATABASE_FILE = 'flakeguard.duckdb';
export const TABLES_DIR = 'tables';

export interface OrgBuildOptions {
  /**
   * The repositories holding the data branches, as listed: git URLs or absolute paths, each optionally `NAME=` before
   * it (src/org/listed.ts). The name listed is the repository's identity; its data branch's claim never is.
   */
  sources: readonly string[];
  out: string;
  branch: string;
  token: string;
  /** A template for each repository's dashboard address (`{owner}`, `{repo}`, `{name}`), e.g. `https://{owner}.github.io/{repo}/`. */
  dashboardUrl?: string;
  /** Build flakeguard.duckdb (needs @duckdb/node-api). */
  database: boolean;
  /** Where @duckdb/node-api is looked for when flakeguard's own node_modules has none. */
  cwd: string;
  now: number;
  log: (message: string) => void;
  /** Folder for the private repositories (default: the system's temp folder). */
  tempRoot?: string;
}

export interface OrgBuildResult {
  model: OrgModel;
  tables: Record<string, TableFile>;
  notes: ExportNote[];
  page: string;
  database?: { path: string; rows: Map<string, number> };
  /**
   * The entries of `sources` that list a repository again under a name listed before (docs/adr/0466): each names the
   * source it was read from, or why this source could not be read either. Never read twice, never missing.
   */
  duplicates: MissingRepo[];
  /** The repositories listed: different names in `sources` (read + missing). */
  listed: number;
  /** Each repository whose data branch's runs link to another repository than the one listed: `<name> (<source>): why`. */
  warnings: string[];
  /** Milliseconds spent fetching and reading the branches, summing them up, writing the tables (the rest of the export), the page and the database. */
  timings: { read: number; summary: number; tables: number; page: number; database: number };
}

/** A page for `model`: the built org page with the model in its data block. */
export function orgPage(model: OrgModel): string {
  const [before, after] = ORG_PAGE_HTML.split(ORG_DATA_PLACEHOLDER);
  if (after === undefined) throw new Error('the org page has no data placeholder: rebuild it (npm run build)');
  return before + orgDataBlock(model) + after;
}

async function writeWhole(path: string, text: string): Promise<void> {
  await writeFile(`${path}.partial`, text);
  await rename(`${path}.partial`, path);
}

export async function buildOrg(options: OrgBuildOptions): Promise<OrgBuildResult> {
  // DuckDB is looked for first: a missing engine is said before minutes of fetching, not after.
  const duckdb = options.database ? await loadDuckDb(options.cwd) : undefined;
  await mkdir(options.out, { recursive: true });
  const repos: RepoSummary[] = [];
  const missing: MissingRepo[] = [];
  const duplicates: MissingRepo[] = [];
  const readFrom = new Map<string, string>();
  const warnings: string[] = [];
  const timings = { read: 0, summary: 0, tables: 0, page: 0, database: 0 };
  const sources = async function* (): AsyncGenerator<ExportSource> {
    for (const [i, entry] of options.sources.entries()) {
      const { name: listed, source } = listedRepo(entry);
      const shown = printableSource(source);
      const fallback = listed;
      const started = Date.now();
      // The user's list decides identity: a name listed twice is read once, from the first source that could be read;
      // a later entry of a name already read is a duplicate, never fetched.
      const earlier = readFrom.get(listed.toLowerCase());
      if (earlier !== undefined) {
        const reason = `listed again under the name ${listed}, read once from ${earlier}`;
        duplicates.push({ name: listed, source: shown, reason });
        options.log(`[${i + 1}/${options.sources.length}] ${shown}: DUPLICATE: ${reason}`);
        continue;
      }
      let read;
      try {
        read = await readRepo(source, options.branch, options.token, options.tempRoot);
        timings.read += Date.now() - started;
      } catch (error) {
        const reason = error instanceof RepoUnavailable ? error.message : `could not be read: ${error instanceof Error ? error.message : String(error)}`;
        missing.push({ name: fallback, source: shown, reason });
        options.log(`[${i + 1}/${options.sources.length}] ${shown}: MISSING: ${reason}`);
        continue;
      }
      const summed = Date.now();
      let summary: RepoSummary;
      try {
        summary = summarizeRepo({ source: shown, name: fallback }, read.files, read.head, options.dashboardUrl);
      } catch (error) {
        // The page's readers met what they cannot sum up: this repository is left out and named, the others built.
        const reason = `could not be summed up for the page: ${error instanceof Error ? error.message : String(error)}`;
        missing.push({ name: fallback, source: shown, reason });
        options.log(`[${i + 1}/${options.sources.length}] ${shown}: MISSING: ${reason}`);
        continue;
      }
      timings.summary += Date.now() - summed;
      if (summary.claim !== undefined) {
        const warning = `${summary.name} (${shown}): its data branch's runs link to ${logText(summary.claim, 200)}, not to the repository listed: counted as ${summary.name}`;
        warnings.push(warning);
        options.log(`[${i + 1}/${options.sources.length}] ${shown}: WARNING: ${warning}`);
      }
      readFrom.set(listed.toLowerCase(), shown);
      repos.push(summary);
      options.log(`[${i + 1}/${options.sources.length}] ${shown}: ${summary.name} at ${read.head.slice(0, 12)}, ${summary.tests} tests, ${summary.runs} runs (${Date.now() - started} ms)`);
      yield { repository: summary.name, snapshot: read.snapshot, files: read.files };
    }
  };
  const exporting = Date.now();
  const exported = await exportTables(sources(), { format: 'parquet', out: join(options.out, TABLES_DIR) });
  timings.tables = Date.now() - exporting - timings.read - timings.summary;
  // A name is missing once: a source of it that failed is a duplicate when another source of the name was read, or
  // when the name is already missing from an earlier source.
  const missingOnce: MissingRepo[] = [];
  for (const m of missing) {
    const key = m.name.toLowerCase();
    const readAt = readFrom.get(key);
    if (readAt !== undefined) duplicates.push({ ...m, reason: `listed again under the name ${m.name}, read from ${readAt}; not from this source: ${m.reason}` });
    else if (missingOnce.some((n) => n.name.toLowerCase() === key)) duplicates.push({ ...m, reason: `listed again under the name ${m.name}; not from this source: ${m.reason}` });
    else missingOnce.push(m);
  }
  missing.splice(0, missing.length, ...missingOnce);
  const paging = Date.now();
  const model = orgModel(repos, missing, options.now);
  const page = join(options.out, 'index.html');
  await writeWhole(page, orgPage(model));
  await writeWhole(join(options.out, 'org.json'), `${JSON.stringify(model)}\n`);
  timings.page = Date.now() - paging;
  const result: OrgBuildResult = { model, tables: exported.tables, notes: exported.notes, page, duplicates, listed: repos.length + missing.length, warnings, timings };
  if (!duckdb) {
    // The folder never holds a database of another build beside this build's page and tables.
    await rm(join(options.out, DATABASE_FILE), { force: true });
  } else {
    const path = join(options.out, DATABASE_FILE);
    const rows: RepositoryRow[] = [
      ...repos.map((r): RepositoryRow => ({ repository: r.name, source: r.source, status: 'read', reason: null, head: r.head, dashboard: r.dashboard ?? null })),
      ...missing.map((m): RepositoryRow => ({ repository: m.name, source: m.source, status: 'missing', reason: m.reason, head: null, dashboard: null })),
      ...duplicates.map((d): RepositoryRow => ({ repository: d.name, source: d.source, status: 'duplicate', reason: d.reason, head: null, dashboard: null })),
    ];
    const tables = new Map(Object.entries(exported.tables).map(([table, file]) => [table, file.path] as const));
    const loading = Date.now();
    result.database = { path, rows: await buildDatabase(duckdb, path, tables, rows) };
    timings.database = Date.now() - loading;
  }
  return result;
}
