/**
 * The checks of the release workflow (.github/workflows/release.yml), run there on a pushed tag and here by
 * test/release-check.test.ts:
 *   node scripts/release-check.ts --tag v0.1.0 [--notes notes.md] [--dist] [--root DIR]
 * - the tag is `v` + package.json's version;
 * - CHANGELOG.md has a section `## [<version>] - <YYYY-MM-DD>` with something in it: its text is the release's notes
 *   (written to --notes);
 * - with --dist: the committed dist/ (and the dashboard page built into src/dashboard/*.generated.ts) is what
 *   `npm run build` just wrote, i.e. `git status --porcelain -- dist src/dashboard` is empty.
 * Exits 1 with one line per failed check (as workflow error commands on GitHub), 0 when all pass.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** Why `tag` cannot release `version`, or undefined. */
export function tagProblem(tag: string, version: string): string | undefined {
  if (!/^\d+\.\d+\.\d+$/.test(version)) return `package.json's version '${version}' is not MAJOR.MINOR.PATCH`;
  return tag === `v${version}` ? undefined : `the tag '${tag}' is not 'v${version}', the version package.json says: bump the version (and CHANGELOG.md) or tag v${version}`;
}

const HEADING = /^## \[([^\]]+)\](?: - (\S+))?[ \t]*$/gm;

/** The notes of `version` in a Keep-a-Changelog text: the lines between its heading and the next `## `, trimmed. */
export function releaseNotes(changelog: string, version: string): { notes: string } | { problem: string } {
  const headings = [...changelog.matchAll(HEADING)];
  const at = headings.findIndex((h) => h[1] === version);
  if (at < 0) return { problem: `CHANGELOG.md has no section '## [${version}] - <date>': move the Unreleased notes under it` };
  const heading = headings[at]!;
  if (!heading[2] || !/^\d{4}-\d{2}-\d{2}$/.test(heading[2])) return { problem: `CHANGELOG.md's section '${heading[0].trim()}' has no date (## [${version}] - YYYY-MM-DD)` };
  const start = heading.index + heading[0].length;
  const end = at + 1 < headings.length ? headings[at + 1]!.index : changelog.length;
  const notes = changelog.slice(start, end).trim();
  if (notes === '') return { problem: `CHANGELOG.md's section for ${version} is empty` };
  return { notes: `${notes}\n` };
}

/** The paths `git status --porcelain` names: what the build changed. */
export function staleBuild(porcelain: string): string[] {
  return porcelain
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.slice(3));
}

export function releaseCheck(options: { root: string; tag: string; notes?: string; dist?: boolean }): string[] {
  const problems: string[] = [];
  const { version } = JSON.parse(readFileSync(join(options.root, 'package.json'), 'utf8')) as { version: string };
  const tag = tagProblem(options.tag, version);
  if (tag) problems.push(tag);
  const notes = releaseNotes(readFileSync(join(options.root, 'CHANGELOG.md'), 'utf8'), version);
  if ('problem' in notes) problems.push(notes.problem);
  else if (options.notes) writeFileSync(options.notes, notes.notes);
  if (options.dist) {
    const stale = staleBuild(execFileSync('git', ['status', '--porcelain', '--', 'dist', 'src/dashboard'], { cwd: options.root, encoding: 'utf8' }));
    if (stale.length > 0) problems.push(`dist/ differs from what npm run build writes (${stale.join(', ')}): run npm run build and commit it before tagging`);
  }
  return problems;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { tag: { type: 'string' }, notes: { type: 'string' }, dist: { type: 'boolean' }, root: { type: 'string' } } });
  if (!values.tag) {
    console.error('usage: node scripts/release-check.ts --tag vX.Y.Z [--notes FILE] [--dist] [--root DIR]');
    process.exit(2);
  }
  const problems = releaseCheck({ root: values.root ?? process.cwd(), tag: values.tag, ...(values.notes ? { notes: values.notes } : {}), ...(values.dist ? { dist: true } : {}) });
  const github = process.env.GITHUB_ACTIONS === 'true';
  for (const p of problems) console.error(github ? `::error::${p.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}` : `release-check: ${p}`);
  if (problems.length === 0) console.log(`release-check: ${values.tag} can be released${values.notes ? ` (notes in ${values.notes})` : ''}.`);
  process.exit(problems.length === 0 ? 0 : 1);
}
