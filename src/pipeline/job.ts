/**
 * What every mode does with this job before deciding: find and read its reports, name the run, and find the
 * repository that holds the data branch.
 */
import * as core from '@actions/core';
import { join } from 'node:path';
import type { Inputs } from '../config/inputs.ts';
import { isOnDefaultBranch, runIdentity, runUrl, type GitHubContext } from '../config/context.ts';
import type { ParsedReports, RunContext } from '../model.ts';
import { parseReportFiles } from '../junit/index.ts';
import { commandText } from '../text/escape.ts';
import { runCell } from '../history/cell.ts';
import { findReports } from './find-reports.ts';

export { findReports } from './find-reports.ts';

/**
 * Reads this job's reports as the default mode does, with the same log lines. `found`: the files the patterns match,
 * found already (the main thread's, src/action/early-clone.ts), with what finding them wrote to stdout, written here in
 * its place; else they are found here.
 */
export async function readReports(
  inputs: Inputs,
  ctx: GitHubContext,
  found?: Promise<{ files: string[]; written: string } | undefined>,
): Promise<ParsedReports & { matched: number; unmatched?: string }> {
  return core.group('Reading test reports', async () => {
    const early = await found;
    if (early?.written) process.stdout.write(early.written);
    const files = early?.files ?? (await findReports(inputs.reports, ctx.workspace));
    core.info(`${files.length} report file${files.length === 1 ? '' : 's'} matched.`);
    const unmatched = files.length === 0 ? unmatchedText(inputs.reports, await xmlFilesIn(ctx.workspace)) : undefined;
    const parsed = await parseReportFiles(files, { workspace: ctx.workspace });
    core.info(`${parsed.tests.length} tests in ${parsed.filesRead} readable reports.`);
    for (const p of parsed.problems) core.error(commandText(`${p.path}${p.line ? `:${p.line}` : ''}: ${p.message}`, 2000), { title: 'Unreadable test report' });
    if (parsed.twins) {
      const more = parsed.twins.count - parsed.twins.first.length;
      core.warning(
        commandText(
          `${parsed.twins.count} test title${parsed.twins.count === 1 ? ' is' : 's are'} written more than once in a report that writes one testcase per test: ` +
            `${parsed.twins.first.map((id) => `'${id}'`).join(', ')}${more > 0 ? ` and ${more} more` : ''}. ` +
            'They are counted as different tests, the later ones named with " [2]", " [3]"… by their order (docs/test-ids.md); give each test its own title.',
          2000,
        ),
        { title: 'Duplicate test titles' },
      );
    }
    if (parsed.collisions) core.warning(commandText(collisionWarning(parsed.collisions), 4000), { title: 'The same test id in several reports' });
    return unmatched === undefined ? { ...parsed, matched: files.length } : { ...parsed, matched: files.length, unmatched };
  });
}

/** How many XML files `unmatchedText` names; how many directory entries `xmlFilesIn` reads at most. */
export const XML_NAMED = 10;
const XML_SCAN_ENTRIES = 20_000;

/** Directories never searched for reports: dependencies and version control. */
const NOT_SEARCHED = new Set(['node_modules', '.git']);

/**
 * The `.xml` files under `workspace`, workspace-relative, in path order (directories walked depth-first, names sorted):
 * the first XML_NAMED, and how many more. Skips node_modules and .git and follows no symbolic link; reads at most
 * XML_SCAN_ENTRIES entries (`more` then counts what was seen, `partial` says so).
 */
export async function xmlFilesIn(workspace: string): Promise<{ first: string[]; more: number; partial: boolean }> {
  const { readdir } = await import('node:fs/promises');
  const first: string[] = [];
  let more = 0;
  let seen = 0;
  const walk = async (dir: string, rel: string): Promise<boolean> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (++seen > XML_SCAN_ENTRIES) return false;
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (NOT_SEARCHED.has(e.name)) continue;
        if (!(await walk(join(dir, e.name), path))) return false;
      } else if (e.isFile() && e.name.toLowerCase().endsWith('.xml')) {
        if (first.length < XML_NAMED) first.push(path);
        else more++;
      }
    }
    return true;
  };
  const complete = await walk(workspace, '');
  return { first, more, partial: !complete };
}

/** What was looked for and the XML files found instead, for the reason of a run no report matched. */
export function unmatchedText(patterns: readonly string[], found: { first: string[]; more: number; partial: boolean }): string {
  const looked = `It looked for ${patterns.map((p) => `\`${p}\``).join(', ')} (relative to the workspace).`;
  if (found.first.length === 0) return `${looked} No .xml file is in the workspace (node_modules and .git not searched): the test step wrote no JUnit report.`;
  const more = found.more > 0 || found.partial ? ` and ${found.more}${found.partial ? '+' : ''} more` : '';
  return `${looked} XML files in the workspace (node_modules and .git not searched): ${found.first.map((p) => `\`${p}\``).join(', ')}${more}. If one of them is the report, put its path in \`reports\`.`;
}

/** `'id' in a and b` for each of the first collisions (ParsedReports.collisions). */
function collisionList(collisions: NonNullable<ParsedReports['collisions']>, quote: (text: string) => string): string {
  const more = collisions.count - collisions.first.length;
  const listed = collisions.first.map((c) => `${quote(c.id)} in ${c.reports.slice(0, -1).map(quote).join(', ')} and ${quote(c.reports[c.reports.length - 1]!)}`);
  return `${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** The step's warning for ids written in several reports by reporters that never write a retry (ADR 0410). */
function collisionWarning(collisions: NonNullable<ParsedReports['collisions']>): string {
  return (
    `${collisions.count} test id${collisions.count === 1 ? ' is' : 's are'} written in more than one report by a reporter that writes one testcase per test and never a retry: ` +
    `${collisionList(collisions, (text) => `'${text}'`)}. ` +
    'They are counted as different tests, each id prefixed with its report\'s directory, e.g. "[packages/a] src/index.test.ts::works" (docs/test-ids.md, "Ids across reports").'
  );
}

/** This job's run: the report's own time when it has one (docs/test-ids.md), else the clock. */
export function runContextFor(ctx: GitHubContext, inputs: Inputs, reportTimestamp: string | undefined, now: number): RunContext {
  const time = reportTimestamp ? Date.parse(reportTimestamp) : now;
  return {
    key: runIdentity(ctx, inputs.jobKey, inputs.reports),
    runId: ctx.runId,
    runAttempt: ctx.runAttempt,
    job: ctx.job,
    workflow: ctx.workflow,
    sha: ctx.sha,
    ref: ctx.ref,
    onDefaultBranch: isOnDefaultBranch(ctx),
    event: ctx.eventName,
    time: Number.isFinite(time) ? time : now,
    url: runUrl(ctx),
    ...cellOf(inputs.jobKey, ctx.runnerOs),
  };
}

/** The run's matrix cell, when known (src/history/cell.ts): spread into a RunContext. */
export function cellOf(jobKey: string, runnerOs: string | undefined): { cell?: string } {
  const cell = runCell(jobKey, runnerOs);
  return cell === undefined ? {} : { cell };
}

/**
 * Warns once for each doubted time (src/pipeline/clock.ts): the same note comes back when a lost race makes the step
 * apply the run again.
 */
export function clockWarner(): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    core.warning(commandText(message, 2000), { title: 'flakeguard: a time the step does not trust' });
  };
}
