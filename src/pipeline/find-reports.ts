/**
 * The report files a job's `reports` patterns match (@actions/glob, loaded when asked): absolute paths, sorted. Kept
 * apart from src/pipeline/job.ts, with no import of the parser, so that the action's main thread finds the reports
 * while the step's worker starts (src/action/early-clone.ts).
 */
import { isAbsolute, resolve } from 'node:path';

export async function findReports(patterns: string[], workspace: string): Promise<string[]> {
  const glob = await import('@actions/glob');
  const absolute = patterns.map((p) => {
    const negated = p.startsWith('!');
    const body = negated ? p.slice(1) : p;
    return `${negated ? '!' : ''}${isAbsolute(body) ? body : resolve(workspace, body)}`;
  });
  const globber = await glob.create(absolute.join('\n'), { matchDirectories: false, followSymbolicLinks: false });
  return (await globber.glob()).sort();
}
