/**
 * A small model of GitHub's issue search (`GET /search/issues?q=...`).
 *
 * Supported: `repo:o/r`, `is:issue|pr|pull-request|open|closed|locked|unlocked`, `type:issue|pr`,
 * `state:open|closed`, `label:x` / `label:"x y"` / `label:a,b` (any of), `-label:x`, `no:label`,
 * `no:assignee`, `author:x`, `assignee:x`, `in:title|body|comments` (comma-separated), bare words and
 * "quoted phrases" (optionally negated with `-`), `AND` (ignored).
 *
 * Text matching is word based like GitHub's: text is split into runs of letters/digits/underscore,
 * case-insensitively; a term or phrase matches when its words appear contiguously in one field. So
 * `"flakeguard-id: abc"` matches a body containing `<!-- flakeguard-id:abc -->`, but `abc` does not
 * match `abcdef` (a substring search would). Other qualifiers are treated as text terms, as GitHub does
 * with unknown qualifiers, so they usually match nothing.
 */
import type { CommentRecord, IssueRecord } from './state.ts';

export type SearchField = 'title' | 'body' | 'comments';

interface TextTerm {
  words: string[];
  negated: boolean;
}

export interface ParsedQuery {
  repo?: string;
  kinds: Set<'issue' | 'pr'>;
  state?: 'open' | 'closed';
  locked?: boolean;
  /** Each entry: the issue must carry one of these labels (lower case). */
  labelsAny: string[][];
  labelsNone: string[];
  noLabel: boolean;
  noAssignee: boolean;
  author?: string;
  assignee?: string;
  in: Set<SearchField>;
  terms: TextTerm[];
  /** Length of the free-text part (GitHub limits it to 256 characters). */
  textLength: number;
}

const TOKEN = /(-?)([A-Za-z_-]+):(?:"([^"]*)"|(\S+))|(-?)"([^"]*)"?|(\S+)/g;

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export function parseQuery(q: string): ParsedQuery {
  const out: ParsedQuery = {
    kinds: new Set(),
    labelsAny: [],
    labelsNone: [],
    noLabel: false,
    noAssignee: false,
    in: new Set(),
    terms: [],
    textLength: 0,
  };
  const addText = (text: string, negated: boolean) => {
    out.textLength += text.length;
    const w = words(text);
    if (w.length > 0) out.terms.push({ words: w, negated });
  };
  for (const m of q.matchAll(TOKEN)) {
    const [whole, qNeg, qKey, qQuoted, qBare, pNeg, phrase, bare] = m;
    if (qKey !== undefined) {
      const key = qKey.toLowerCase();
      const value = qQuoted ?? qBare ?? '';
      const lower = value.toLowerCase();
      const neg = qNeg === '-';
      switch (key) {
        case 'repo':
          out.repo = lower;
          continue;
        case 'is':
        case 'type':
          if (lower === 'issue') out.kinds.add('issue');
          else if (lower === 'pr' || lower === 'pull-request') out.kinds.add('pr');
          else if (lower === 'open' || lower === 'closed') out.state = lower;
          else if (lower === 'locked' || lower === 'unlocked') out.locked = lower === 'locked';
          else break;
          continue;
        case 'state':
          if (lower === 'open' || lower === 'closed') {
            out.state = lower;
            continue;
          }
          break;
        case 'label':
          if (neg) out.labelsNone.push(...lower.split(','));
          else out.labelsAny.push(lower.split(','));
          continue;
        case 'no':
          if (lower === 'label') out.noLabel = true;
          else if (lower === 'assignee') out.noAssignee = true;
          else break;
          continue;
        case 'author':
          out.author = lower;
          continue;
        case 'assignee':
          out.assignee = lower;
          continue;
        case 'in': {
          const fields = lower.split(',').filter((f): f is SearchField => f === 'title' || f === 'body' || f === 'comments');
          if (fields.length > 0) {
            fields.forEach((f) => out.in.add(f));
            continue;
          }
          break;
        }
      }
      addText(whole.replace(/^-/, ''), neg);
    } else if (phrase !== undefined) {
      addText(phrase, pNeg === '-');
    } else if (bare !== undefined) {
      if (bare === 'AND') continue;
      const neg = bare.startsWith('-') && bare.length > 1;
      addText(neg ? bare.slice(1) : bare, neg);
    }
  }
  return out;
}

function containsSequence(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

export function matches(q: ParsedQuery, issue: IssueRecord, comments: CommentRecord[], fullRepo: string): boolean {
  if (q.repo !== undefined && q.repo !== fullRepo.toLowerCase()) return false;
  if (q.kinds.size > 0 && !q.kinds.has('issue')) return false; // the fake has no pull requests
  if (q.state && issue.state !== q.state) return false;
  if (q.locked !== undefined && issue.locked !== q.locked) return false;
  const labels = issue.labels.map((l) => l.toLowerCase());
  for (const any of q.labelsAny) if (!any.some((l) => labels.includes(l))) return false;
  if (q.labelsNone.some((l) => labels.includes(l))) return false;
  if (q.noLabel && labels.length > 0) return false;
  if (q.noAssignee && issue.assignees.length > 0) return false;
  if (q.author !== undefined && issue.user.toLowerCase() !== q.author) return false;
  if (q.assignee !== undefined && !issue.assignees.some((a) => a.toLowerCase() === q.assignee)) return false;
  if (q.terms.length > 0) {
    const fields = q.in.size > 0 ? q.in : new Set<SearchField>(['title', 'body', 'comments']);
    const texts: string[][] = [];
    if (fields.has('title')) texts.push(words(issue.title));
    if (fields.has('body')) texts.push(words(issue.body ?? ''));
    if (fields.has('comments')) for (const c of comments) if (c.issue_number === issue.number) texts.push(words(c.body));
    for (const term of q.terms) {
      const found = texts.some((t) => containsSequence(t, term.words));
      if (found === term.negated) return false;
    }
  }
  return true;
}
