/**
 * File/line of a test for annotations: workspace-relative paths with forward slashes, and the
 * fallback that finds a workspace file in a failure's stack trace.
 */

/** Forward slashes, no trailing slash; `file://` URLs become paths; a Windows drive letter is upper-cased. */
function normalise(p: string): string {
  let s = p.trim();
  if (s.startsWith('file://')) {
    s = s.slice(7);
    if (/^\/[A-Za-z]:/.test(s)) s = s.slice(1);
    try {
      s = decodeURIComponent(s);
    } catch {
      /* keep as is */
    }
  }
  if (s.includes('\\')) s = s.replace(/\\/g, '/');
  if (/^[a-z]:\//.test(s)) s = s[0]!.toUpperCase() + s.slice(1);
  // Fast path: nothing to resolve.
  if (!/\/\/|(^|\/)\.\.?(\/|$)|\/$/.test(s)) return s;
  // Resolve "." and ".." segments without touching the file system.
  const abs = s.startsWith('/') ? '/' : /^[A-Z]:\//.test(s) ? s.slice(0, 3) : '';
  const out: string[] = [];
  for (const seg of s.slice(abs.length).split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (seg === '..' && abs !== '') continue;
    else out.push(seg);
  }
  return abs + out.join('/');
}

export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('file://');
}

/** Workspace-relative path mapping and stack-frame search, with the workspace normalised once. */
export class Locator {
  private readonly prefix: string | undefined;
  private readonly caseless: boolean;
  /**
   * frameFile by a frame's path as written (null: none). A report's stack traces name the same few files again and
   * again; each is resolved once, and the function that does it stays small and cold for the optimising compiler
   * (1,000 failures at 10k cases: ~80 ms of CPU and ~14 MiB of peak RSS less, docs/benchmarks.md).
   */
  private readonly frameFiles = new Map<string, string | null>();
  /** lineFrames by line: the frames of a stack trace's lines, which recur from one failure to the next. */
  private readonly lines = new Map<string, ReadonlyArray<Readonly<Frame> | undefined>>();

  constructor(workspace: string | undefined) {
    if (workspace && workspace.trim() !== '') {
      const ws = normalise(workspace);
      this.caseless = /^[A-Z]:\//.test(ws);
      const prefix = ws.endsWith('/') ? ws : ws + '/';
      this.prefix = this.caseless ? prefix.toLowerCase() : prefix;
    } else {
      this.caseless = false;
    }
  }

  /**
   * A path as the user's repository knows it: relative to the workspace (forward slashes) when inside it,
   * relative paths normalised (`./a/../b.ts` → `b.ts`), other absolute paths kept (normalised);
   * the workspace itself is '.'.
   */
  relative(p: string): string {
    const s = normalise(p);
    if (this.prefix === undefined || !isAbsolutePath(s)) return s;
    const a = this.caseless ? s.toLowerCase() : s;
    if (a.startsWith(this.prefix)) return s.slice(this.prefix.length);
    if (a + '/' === this.prefix) return '.';
    return s;
  }

  /**
   * `relative(p)`, except that an absolute path outside the workspace gives undefined (it cannot be annotated),
   * as do '.', '..' and paths climbing out of it. Without a workspace, paths are only normalised.
   */
  repositoryPath(p: string): string | undefined {
    if (p.trim() === '') return undefined;
    const rel = this.relative(p);
    if (this.prefix === undefined) return rel;
    if (rel === '.' || rel === '..' || rel.startsWith('../') || isAbsolutePath(rel)) return undefined;
    return rel;
  }

  /**
   * Best frame of a stack trace / failure body for an annotation. With `knownFile`, the first frame in that
   * file. Otherwise the first frame in a test-looking file (tests/, *_test.go, *.spec.ts...), else the first
   * workspace frame. Frames outside the workspace, in dependencies, or naming a bare file are skipped. The frame
   * returned is shared with later calls (Locator.lines): read it, do not change it.
   */
  pickFrame(text: string, knownFile?: string): Readonly<Frame> | undefined {
    let first: Readonly<Frame> | undefined;
    let seen = 0;
    // A line with neither '/' nor '\\' names no repository file: its frames (a JVM's `at a.B.c(B.java:12)`, a
    // message) are bare names. They count towards MAX_FRAMES only, so such lines are passed over when the text has
    // fewer frames than that in all (every frame holds a ':' or a '"' of its own).
    const passBare = fewerMarks(text, MAX_FRAMES);
    let slash = -1;
    let backslash = -1;
    // Line by line: no frame spans two lines (FRAME's only way across is the whitespace before a path, and a line
    // start matches there as well), so the frames of a text are those of its lines in order, and a line seen before
    // (a framework's frames recur in every failure) is looked up, not matched again.
    for (let start = 0; start < text.length && seen < MAX_FRAMES;) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      if (passBare) {
        if (slash < start) slash = nextAt(text, '/', start);
        if (backslash < start) backslash = nextAt(text, '\\', start);
        if (slash >= end && backslash >= end) {
          start = end + 1;
          continue;
        }
      }
      const frames = this.lineFrames(text.slice(start, end));
      start = end + 1;
      for (let k = 0; k < frames.length && seen < MAX_FRAMES; k++) {
        seen++;
        const f = frames[k];
        if (f === undefined) continue;
        if (knownFile !== undefined) {
          if (f.file === knownFile) return f;
          continue;
        }
        if (TESTY.test(f.file)) return f;
        first ??= f;
      }
    }
    return first;
  }

  /** The frames FRAME finds in one line, in order (undefined: a match that names no repository file). */
  private lineFrames(line: string): ReadonlyArray<Readonly<Frame> | undefined> {
    let frames = this.lines.get(line);
    if (frames !== undefined) return frames;
    frames = NO_FRAMES;
    FRAME.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = FRAME.exec(line)) !== null) {
      const f = this.frame(m[1] ?? m[3] ?? m[5]!, m[2] ?? m[4] ?? m[6]!);
      frames = frames === NO_FRAMES ? [f] : [...frames, f];
    }
    if (this.lines.size >= LINES_KEPT) this.lines.clear();
    this.lines.set(line, frames);
    return frames;
  }

  private frame(raw0: string, lineText: string): Frame | undefined {
    const line = Number(lineText);
    if (!Number.isSafeInteger(line) || line <= 0) return undefined;
    let file = this.frameFiles.get(raw0);
    if (file === undefined) {
      file = this.frameFile(raw0) ?? null;
      if (this.frameFiles.size >= FRAME_FILES_KEPT) this.frameFiles.clear();
      this.frameFiles.set(raw0, file);
    }
    return file === null ? undefined : { file, line };
  }

  /** The repository path a frame's path names, or undefined when it names none (outside, a dependency, a bare name). */
  private frameFile(raw0: string): string | undefined {
    let raw = raw0;
    const wp = /^webpack:\/\/[^/]*\//.exec(raw); // Cypress/webpack: webpack://app/./cypress/e2e/a.cy.ts
    if (wp) raw = raw.slice(wp[0].length);
    if (raw.includes('://') && !raw.startsWith('file://')) return undefined; // http://...
    if (raw.startsWith('node:') || raw.startsWith('internal/')) return undefined;
    const abs = isAbsolutePath(raw);
    if (abs && this.prefix === undefined) return undefined;
    const rel = this.relative(raw);
    if (rel === '.' || isAbsolutePath(rel) || rel === '..' || rel.startsWith('../')) return undefined;
    if (!abs && !rel.includes('/')) return undefined; // "Foo.java:12": a bare file name, not a repository path
    if (DEPENDENCY.test(rel)) return undefined;
    return rel;
  }
}

/** workspacePath(p, ws) === new Locator(ws).relative(p). */
export function workspacePath(p: string, workspace: string | undefined): string {
  return new Locator(workspace).relative(p);
}

// Frames, in text order:
//   Python:  File "/ws/tests/test_x.py", line 42, in test_foo
//   .NET:    at Ns.Class.Method() in /ws/Tests/FooTests.cs:line 42
//   generic: (/ws/src/a.test.ts:12:5)  tests/test_x.py:42: AssertionError  ./spec/a_spec.rb:7:in `block'
//            ❯ src/a.test.ts:12:17   webpack://app/./cypress/e2e/a.cy.ts:15:30   /ws/Tests/A.swift:42
const FRAME = new RegExp(
  [
    /File "([^"\n]+)", line (\d+)/.source,
    /\bin ((?:[A-Za-z]:)?[^\s:*?"<>|]*[\\/][^\s:*?"<>|]*\.\w+):line (\d+)/.source,
    /(?:^|[\s(\['"@])((?:file:\/\/|webpack:\/\/[^/\s]*\/)?(?:[A-Za-z]:)?[^\s()[\]'"<>|:]*\.[A-Za-z0-9]+):(\d+)(?=[:)\s,\]]|$)/.source,
  ].join('|'),
  'gm',
);

/** Frames of one text looked at, at most. */
const MAX_FRAMES = 200;
/** Whether `text` holds fewer than `limit` of ':' and '"' together. */
function fewerMarks(text: string, limit: number): boolean {
  let n = 0;
  for (let at = text.indexOf(':'); at !== -1 && n < limit; at = text.indexOf(':', at + 1)) n++;
  for (let at = text.indexOf('"'); at !== -1 && n < limit; at = text.indexOf('"', at + 1)) n++;
  return n < limit;
}

/** The index of the next `ch` in `text` from `from`, or text.length when there is none. */
function nextAt(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at === -1 ? text.length : at;
}

/** Lines kept by Locator.lines before it starts again. */
const LINES_KEPT = 4096;
const NO_FRAMES: ReadonlyArray<Readonly<Frame> | undefined> = [];

/** Paths kept by Locator.frameFiles before it starts again. */
const FRAME_FILES_KEPT = 4096;

const TESTY = /(^|[/._-])(tests?|specs?|__tests__|e2e|it)([/._-]|$)/i;
const DEPENDENCY = /(^|\/)(node_modules|site-packages|dist-packages|vendor|\.venv|venv|\.cargo|go\/pkg\/mod)\//;

export interface Frame {
  file: string;
  line: number;
}
