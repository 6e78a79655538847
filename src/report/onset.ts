/**
 * A test's onset in words (docs/onset.md): "flaky since abc1234…def5678", the change of rate with its range of runs,
 * and the commits of that range that touched the test's folder; "no change in rate found" when there is none. Pure.
 * Markdown for the owners' issue, plain text for `flakeguard explain`. Every string from the history, git or the API
 * (shas, run keys, commit subjects, paths) is escaped here.
 */
import { changeSentence, latestChange, NO_CHANGE, type Onset, type OnsetChange, type OnsetRun, type RangeAnswer } from '../onset/index.ts';
import { mdText, plainText } from '../text/escape.ts';

const SHA = /^[0-9a-f]{7,64}$/i;
const TOUCHING_SHOWN = 10;

export interface OnsetLinks {
  /** A run as markdown (a link to its workflow run, escaped). */
  run(run: OnsetRun): string;
  /** https://github.com/o/r: commits are linked under it. */
  repoUrl?: string;
}

const short = (sha: string): string => sha.slice(0, 7);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The commit range of a change: base…head, as a compare would name it. */
function rangeOf(c: OnsetChange): [string, string] {
  return [c.base ?? c.shas[0] ?? c.first.sha, c.head ?? c.last.sha];
}

function commitMd(links: OnsetLinks, sha: string): string {
  const text = mdText(short(sha), 10);
  return links.repoUrl && SHA.test(sha) ? `[${text}](${links.repoUrl}/commit/${sha})` : `\`${text.replace(/`/g, '')}\``;
}

function headline(c: OnsetChange, md: (sha: string) => string): string {
  const [from, to] = rangeOf(c);
  const span = from === to ? md(to) : `${md(from)}…${md(to)}`;
  return c.direction === 'up' ? `Flaky since ${span}` : `Failing less since ${span}`;
}

/** The lines of the owners' issue's "Since when" section. */
export function onsetMarkdown(onset: Onset, commits: RangeAnswer | undefined, links: OnsetLinks): string[] {
  const c = latestChange(onset);
  if (!c) {
    return [
      `${NO_CHANGE[0]!.toUpperCase()}${NO_CHANGE.slice(1)} in the ${plural(onset.runs, 'run')} kept (${plural(onset.failures, 'failure')}): the failures are spread as one steady rate would spread them, or are too few to tell when they began.`,
    ];
  }
  const lines: string[] = [];
  // changeSentence adds digits and words of its own only: the run names are escaped by `links.run`.
  const sentence = changeSentence(c, links.run);
  const down = c.direction === 'down' ? ' Nobody said it was fixed: if a change fixed it, say which one here (closing this issue as completed lifts the quarantine when it applies).' : '';
  lines.push(`**${headline(c, (sha) => commitMd(links, sha))}**: its ${sentence}.${down}`);
  const more = commitLines(c, commits, links);
  if (more.length > 0) lines.push('', ...more);
  const earlier = onset.changes.slice(0, -1);
  if (earlier.length > 0) {
    lines.push(
      '',
      `Earlier: ${earlier.map((e) => `${e.direction === 'up' ? 'rose' : 'fell'} at about run ${links.run(e.at)} (${headline(e, (sha) => commitMd(links, sha)).replace(/^\S+ \S+ since /, '')})`).join('; ')}.`,
    );
  }
  return lines;
}

function commitLines(c: OnsetChange, commits: RangeAnswer | undefined, links: OnsetLinks): string[] {
  if (c.base === undefined || c.head === undefined) {
    return [
      `The runs around that range are not on the default branch, so its commits are only those the runs tested: ${c.shas
        .slice(0, 10)
        .map((s) => commitMd(links, s))
        .join(', ')}.`,
    ];
  }
  if (!commits) return [];
  if ('skipped' in commits) return [`Which commits of that range touched the test's folder is not known: ${mdText(commits.skipped, 400)}.`];
  const folder = commits.folder === '' ? 'the repository' : mdText(commits.folder, 200);
  const n = `${commits.commits.length}${commits.more ? '+' : ''}`;
  const lines: string[] = [];
  if (commits.touching) {
    const t = commits.touching;
    lines.push(`${n} commit${n === '1' ? '' : 's'} in that range; ${t.length === 0 ? `none touched ${folder}` : `${t.length} touched ${folder}:`}`);
    for (const x of t.slice(0, TOUCHING_SHOWN))
      lines.push(
        `- ${commitMd(links, x.sha)} ${mdText(x.subject, 120)}${
          x.files.length > 0
            ? ` (${x.files
                .slice(0, 5)
                .map((f) => mdText(f, 120))
                .join(', ')}${x.files.length > 5 ? ', …' : ''})`
            : ''
        }`,
      );
    if (t.length > TOUCHING_SHOWN) lines.push(`- and ${t.length - TOUCHING_SHOWN} more`);
  } else {
    const files = commits.changed ?? [];
    lines.push(
      `${n} commits in that range; ${
        files.length === 0
          ? `none touched ${folder}`
          : `${folder} changed in it (${files
              .slice(0, 5)
              .map((f) => mdText(f, 120))
              .join(', ')}${files.length > 5 ? ', …' : ''}), by which of them the API was not asked: the range is long`
      }.`,
    );
  }
  return lines;
}

/** The same in plain text, for `flakeguard explain` (one line a fact). */
export function onsetPlain(onset: Onset, commits: RangeAnswer | undefined, runName: (r: OnsetRun) => string): string[] {
  const t = (s: string, max = 300): string => plainText(s, max, true);
  const c = latestChange(onset);
  if (!c) return [`Since when: ${NO_CHANGE} in the ${plural(onset.runs, 'run')} kept (${plural(onset.failures, 'failure')}).`];
  const lines = [
    `Since when: ${headline(c, (sha) => t(short(sha), 10)).toLowerCase()}: ${t(
      changeSentence(c, (r) => runName(r)),
      600,
    )}.`,
  ];
  if (c.base !== undefined && c.head !== undefined && commits) {
    if ('skipped' in commits) lines.push(`  Commits of that range: not known (${t(commits.skipped, 400)}).`);
    else {
      const folder = commits.folder === '' ? 'the repository' : t(commits.folder, 200);
      const touching = commits.touching;
      lines.push(
        `  ${commits.commits.length}${commits.more ? '+' : ''} commits in that range (${t(short(c.base), 10)}..${t(short(c.head), 10)}); ${touching ? `${touching.length} touched ${folder}` : `${folder} ${commits.changed?.length ? 'changed' : 'unchanged'}`}.`,
      );
      for (const x of (touching ?? []).slice(0, TOUCHING_SHOWN)) lines.push(`    ${t(short(x.sha), 10)} ${t(x.subject, 120)}`);
    }
  }
  return lines;
}
