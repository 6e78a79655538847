/**
 * The pull-request comment as a whole (docs/pr-comment.md): a hidden marker that finds it again, a heading, and one
 * section per job, each between hidden markers that carry the job's key. A job replaces its own section and keeps
 * every other as it found it; the body stays under GitHub's 65,536-character limit. Pure.
 *
 * Sections are written between markers no untrusted text can forge: a section's text is rendered with `mdInert`,
 * which turns every `<` into an entity. Only the comments of the step's own token are read at all
 * (src/github/pr-comment.ts, docs/adr/0420-pr-comment-own-author.md); even so, every section goes into the body through
 * `inertSection`, which keeps flakeguard's own markdown as it is and leaves nothing else able to act.
 */
import { createHash } from 'node:crypto';

/** The first line of the comment: how a run finds it among the pull request's comments. */
export const PR_COMMENT_MARKER = '<!-- flakeguard:pr-comment -->';
/** GitHub refuses a comment body longer than this (characters). */
export const COMMENT_MAX = 65_536;
/** Room kept for the heading and the note about sections left out. */
const OVERHEAD = 1_000;
/** A section's budget is never smaller than this, however many jobs share the comment. */
export const MIN_SECTION = 4_000;

const HEADING = ['## flakeguard', '', '<sub>One section per job, edited in place on every run.</sub>', ''];

/** A job's section key: a hash of what tells it apart (workflow, job, job key), so that it is safe inside a marker. */
export function sectionKey(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

const open = (key: string): string => `<!-- flakeguard:section=${key} -->`;
const close = (key: string): string => `<!-- flakeguard:end=${key} -->`;
const SECTION = /<!-- flakeguard:section=([0-9a-f]{16}) -->\n([\s\S]*?)\n<!-- flakeguard:end=\1 -->/g;

export interface Section {
  key: string;
  /** The section's markdown, without its markers. */
  text: string;
}

/** The sections of a comment body, in order (none when it is not flakeguard's). */
export function parseSections(body: string | null | undefined): Section[] {
  if (!body || !isPrComment(body)) return [];
  return [...body.matchAll(SECTION)].map((m) => ({ key: m[1]!, text: m[2]! }));
}

export function isPrComment(body: string | null | undefined): boolean {
  return typeof body === 'string' && body.startsWith(PR_COMMENT_MARKER);
}

/** Whether the body holds this job's section exactly as written (`inertSection(text, links)`). */
export function hasSection(body: string | null | undefined, key: string, text: string, links: readonly string[] = []): boolean {
  const held = inertSection(text, links);
  return parseSections(body).some((s) => s.key === key && s.text === held);
}

/** The characters a job's section may take, given how many sections the comment will hold. */
export function sectionBudget(body: string | null | undefined, key: string): number {
  const others = parseSections(body).filter((s) => s.key !== key).length;
  return Math.max(MIN_SECTION, Math.min(COMMENT_MAX - OVERHEAD, Math.floor((COMMENT_MAX - OVERHEAD) / (others + 1)) - 100));
}

/** The most characters one section keeps, whatever it held. */
export const SECTION_MAX = COMMENT_MAX - OVERHEAD;

/** A markdown link's `](target)`. */
const LINK = /\]\(([^()\s]*)\)/g;

/** Text outside the links flakeguard writes: nothing in it links, mentions anyone or shows an image. */
function defuse(text: string): string {
  return text
    .replace(/\]\(/g, ']&#40;')
    .replace(/\]:/g, ']&#58;')
    .replace(/!\[/g, '!&#91;')
    .replace(/:\/\//g, '&#58;//')
    .replace(/(www)\./gi, '$1&#46;')
    .replace(/@/g, '&#64;&#8203;');
}

/**
 * A section's text as the body holds it. What flakeguard renders passes unchanged (untrusted text in it is already
 * `mdInert`'s: entities); anything else cannot act: every `<` is an entity (no tag, no `<details>` left open to fold
 * the sections after it away, no forged marker), an image, a mention (`@`), a bare address and a link whose target starts with none of `links` (the addresses flakeguard links to: the repository, the run,
 * the dashboard) are shown as text; at most SECTION_MAX characters. Idempotent.
 */
export function inertSection(text: string, links: readonly string[] = []): string {
  const source = text.replace(/</g, '&lt;');
  let out = '';
  let last = 0;
  for (const m of source.matchAll(LINK)) {
    if (!links.some((prefix) => prefix !== '' && m[1]!.startsWith(prefix))) continue;
    out += defuse(source.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  out += defuse(source.slice(last));
  // Cut whole: never inside an entity, so that the text cut once is cut the same way again.
  return out.length <= SECTION_MAX ? out : out.slice(0, SECTION_MAX).replace(/&[#a-z0-9]*$/i, '');
}

const wrap = (s: Section): string => `${open(s.key)}\n${s.text}\n${close(s.key)}`;

/** A section too long to keep whole beside the others: its heading and a pointer to its job. */
function stub(s: Section): Section {
  const heading = s.text.split('\n', 1)[0]!.slice(0, 400);
  return {
    key: s.key,
    text: `${heading}\n\n_This job's section was shortened to keep the comment under GitHub's limit of ${COMMENT_MAX.toLocaleString('en-US')} characters: its run's job summary has it all._`,
  };
}

/** The body from its sections, under the limit: the longest other sections are shortened first, then left out last to first; `keep`'s never. */
export function composeBody(sections: readonly Section[], keep: string): string {
  const list = [...sections];
  const size = (): number => HEADING.join('\n').length + list.reduce((s, x) => s + wrap(x).length + 2, 0) + PR_COMMENT_MARKER.length + 200;
  const byLength = list.map((s, i) => ({ i, len: s.text.length })).sort((a, b) => b.len - a.len);
  for (const { i } of byLength) {
    if (size() <= COMMENT_MAX) break;
    if (list[i]!.key !== keep) list[i] = stub(list[i]!);
  }
  let left = 0;
  while (size() > COMMENT_MAX) {
    const at = list.findLastIndex((s) => s.key !== keep);
    if (at < 0) break;
    list.splice(at, 1);
    left++;
  }
  const note = left > 0 ? [`_…and ${left} more job${left === 1 ? '' : 's'}' sections not shown, to stay under GitHub's limit._`, ''] : [];
  const body = [PR_COMMENT_MARKER, ...HEADING, ...list.map((s) => `${wrap(s)}\n`), ...note].join('\n').trimEnd() + '\n';
  // The budget is kept by construction (`keep`'s section is rendered within sectionBudget); a last guard all the same.
  return body.length <= COMMENT_MAX ? body : `${body.slice(0, COMMENT_MAX - 2)}…\n`;
}

/**
 * The body with this job's section written: replaced where it was, else added last; every other section kept, and
 * the sections of `extra` bodies (duplicate comments of the same author that two jobs created at once) added when the
 * body lacks their key. Every section passes through `inertSection` with `links`, the one written included.
 */
export function withSection(body: string | null | undefined, section: Section, extra: ReadonlyArray<string | null | undefined> = [], links: readonly string[] = []): string {
  const sections = parseSections(body);
  for (const other of extra) for (const s of parseSections(other)) if (!sections.some((x) => x.key === s.key)) sections.push(s);
  const at = sections.findIndex((s) => s.key === section.key);
  if (at >= 0) sections[at] = section;
  else sections.push(section);
  return composeBody(
    sections.map((s) => ({ key: s.key, text: inertSection(s.text, links) })),
    section.key,
  );
}
