/**
 * GitHub's CODEOWNERS: which file is used, how a line is read, and which owners a path has. Pure apart from
 * `findCodeowners`, which reads the file from the workspace.
 *
 * GitHub's rules, as documented in "About code owners":
 * - the file is `.github/CODEOWNERS`, else `CODEOWNERS`, else `docs/CODEOWNERS`: the first one found is used;
 * - each line is a gitignore-style pattern followed by owners: `@user`, `@org/team` or an email address;
 * - the last matching pattern wins; a pattern with no owners leaves the paths it matches without owners;
 * - paths are case sensitive;
 * - unlike gitignore: `!` negation, `[ ]` character ranges and escaping a leading `#` with `\` do not work;
 * - a line with invalid syntax is skipped (and reported here);
 * - a file of 3 MB or more is not loaded.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type Owner = { kind: 'user'; login: string } | { kind: 'team'; org: string; slug: string } | { kind: 'email'; address: string };

export interface CodeownersRule {
  pattern: string;
  /** Empty: the pattern un-owns what it matches. */
  owners: Owner[];
  /** 1-based line in the file. */
  line: number;
  regex: RegExp;
}

export interface CodeownersProblem {
  line: number;
  message: string;
}

export interface Codeowners {
  /** Repository-relative path of the file the rules came from. */
  path: string;
  rules: CodeownersRule[];
  problems: CodeownersProblem[];
}

/** GitHub's lookup order. */
export const CODEOWNERS_LOCATIONS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'] as const;
/** GitHub does not load a CODEOWNERS file of this size or more. */
export const CODEOWNERS_MAX_BYTES = 3 * 1024 * 1024;

const USER = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))$/;
const TEAM = /^@([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function parseOwner(token: string): Owner | undefined {
  const team = TEAM.exec(token);
  if (team) return { kind: 'team', org: team[1]!, slug: team[2]! };
  const user = USER.exec(token);
  if (user) return { kind: 'user', login: user[1]! };
  if (EMAIL.test(token)) return { kind: 'email', address: token };
  return undefined;
}

export function ownerText(owner: Owner): string {
  switch (owner.kind) {
    case 'user':
      return `@${owner.login}`;
    case 'team':
      return `@${owner.org}/${owner.slug}`;
    case 'email':
      return owner.address;
  }
}

/** Splits a line on unescaped whitespace; `\ ` keeps a space inside a pattern. */
function tokens(line: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length && /\s/.test(line[i + 1]!)) {
      current += `\\${line[i + 1]}`;
      i++;
    } else if (/\s/.test(c)) {
      if (current !== '') out.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  if (current !== '') out.push(current);
  return out;
}

/** Why GitHub would not accept this pattern, or undefined. */
function patternProblem(pattern: string): string | undefined {
  if (pattern.startsWith('\\#')) return `escaping a leading '#' with '\\' does not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
  if (pattern.startsWith('!')) return `'!' negation does not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
  if (/[[\]]/.test(pattern)) return `'[ ]' character ranges do not work in CODEOWNERS (GitHub's documented exception); the line is ignored`;
  if (pattern.includes('***')) return `a pattern cannot contain '***'; the line is ignored`;
  return undefined;
}

const escapeRegex = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A segment with `*`, `?` and `\x` escapes as a regex source (never crossing a `/`). */
function segmentSource(seg: string): string {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '\\' && i + 1 < seg.length) {
      out += escapeRegex(seg[++i]!);
    } else if (c === '*') {
      out += '[^/]*';
    } else if (c === '?') {
      out += '[^/]';
    } else {
      out += escapeRegex(c);
    }
  }
  return out;
}

/**
 * The regex of a CODEOWNERS pattern, matched against repository-relative paths without a leading slash.
 *
 * - A leading `/`, or a `/` inside the pattern, anchors it at the root; otherwise it matches at any depth.
 * - A trailing `/` matches everything inside a directory of that name.
 * - A pattern naming a file or directory also matches everything inside it (`/apps/github` owns `apps/github/x`),
 *   except a lone `*` as the last segment: `docs/*` matches `docs/a.md`, not `docs/b/c.md` (GitHub's example).
 * - `*` and `?` never cross a `/`; `**` spans any number of directories.
 */
export function compilePattern(pattern: string): RegExp {
  let body = pattern;
  const anchored = body.startsWith('/');
  if (anchored) body = body.slice(1);
  const directory = body.endsWith('/');
  if (directory) body = body.slice(0, -1);
  if (body === '') return /^(?!)/; // "/" alone matches nothing
  const segs = body.split('/');
  if (!anchored && segs.length === 1 && segs[0] !== '**') segs.unshift('**');
  if (directory) segs.push('**');

  let source = '^';
  let needSlash = false;
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === '**') {
      if (segs.length === 1) source += '.+';
      else if (i === 0) source += '(?:.+/)?';
      else if (last) source += '/.+';
      else source += '(?:/.+)?';
      needSlash = i !== 0;
      return;
    }
    if (needSlash) source += '/';
    if (seg === '*') {
      source += '[^/]+';
    } else {
      source += segmentSource(seg);
      if (last) source += '(?:/.*)?';
    }
    needSlash = true;
  });
  return new RegExp(`${source}$`);
}

export function parseCodeowners(text: string, path = 'CODEOWNERS'): Codeowners {
  const rules: CodeownersRule[] = [];
  const problems: CodeownersProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const parts = tokens(trimmed);
    const comment = parts.findIndex((t, i) => i > 0 && t.startsWith('#'));
    const [pattern, ...ownerTokens] = comment === -1 ? parts : parts.slice(0, comment);
    if (pattern === undefined) return;
    const problem = patternProblem(pattern);
    if (problem) {
      problems.push({ line, message: problem });
      return;
    }
    const owners: Owner[] = [];
    for (const token of ownerTokens) {
      const owner = parseOwner(token);
      if (!owner) {
        problems.push({ line, message: `'${token.slice(0, 100)}' is not a @user, @org/team or email address; the line is ignored` });
        return;
      }
      owners.push(owner);
    }
    rules.push({ pattern, owners, line, regex: compilePattern(pattern) });
  });
  return { path, rules, problems };
}

export interface OwnersMatch {
  owners: Owner[];
  /** The rule that decided (the last one matching), if any. */
  rule?: CodeownersRule;
}

/** The owners of a repository-relative path: the last matching rule wins. */
export function ownersOf(codeowners: Codeowners, path: string): OwnersMatch {
  const p = path.replace(/^\.\//, '').replace(/^\/+/, '');
  for (let i = codeowners.rules.length - 1; i >= 0; i--) {
    const rule = codeowners.rules[i]!;
    if (rule.regex.test(p)) return { owners: rule.owners, rule };
  }
  return { owners: [] };
}

/** Reads the CODEOWNERS file GitHub would use, or undefined when there is none. */
export async function findCodeowners(workspace: string): Promise<Codeowners | { path: string; tooLarge: true } | undefined> {
  for (const location of CODEOWNERS_LOCATIONS) {
    const file = join(workspace, location);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (info.size >= CODEOWNERS_MAX_BYTES) return { path: location, tooLarge: true };
    return parseCodeowners(await readFile(file, 'utf8'), location);
  }
  return undefined;
}
