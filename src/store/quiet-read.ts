/**
 * The common quiet file read without a general JSON reader (docs/adr/0527-quiet-files-read-by-their-form.md): a
 * `history/quiet-NN.json` exactly as flakeguard writes it, each line `"<class>::<name>": {"fp":[…],"from":N,"o":"P*","d":D}`,
 * read line by line with one pattern into the same stored tests and quiet reads as parseHistoryShard's general
 * reading, and no object per line besides them. Anything else in the file (a hand edit, a `name`, a message, an
 * escape, a key written twice, a line out of order, a run runs.json does not have) makes it return undefined before
 * it has added anything, and the general reader reads the file, naming each problem with its line. Pure.
 */
import type { QuietRead, StoredTest } from '../history/stored.ts';
import { trimmed } from '../history/stored-merge.ts';
import type { Segment } from '../history/outcome-string.ts';
import type { KnownSeqs } from './known-seqs.ts';
import type { RetentionWindow } from './layout.ts';
import type { QuietReads } from './quiet-format.ts';

/**
 * The strings a class's tests share, made once per read of the branch rather than once per test: its name and its
 * file (a test's file is `before + <class name with dots as slashes> + after`, fileFromAround). A shard's tests are
 * spread over the classes by their hashed ids, so a class's tests are seldom neighbours in a file.
 */
export class ClassStrings {
  private readonly classes = new Map<string, { classname: string; before: string; after: string; file: string }>();

  /** The shared string equal to `classname`. */
  classname(classname: string): string {
    return this.classes.get(classname)?.classname ?? classname;
  }

  /** The file of `[before, after]` around the class's path: the same string for the same three parts. */
  file(classname: string, before: string, after: string): { classname: string; file: string } {
    const known = this.classes.get(classname);
    if (known && known.before === before && known.after === after) return known;
    const entry = { classname: known?.classname ?? classname, before, after, file: `${before}${classname.replace(/\./g, '/')}${after}` };
    // (A class whose tests name two files keeps the first's strings: the other's are made per test.)
    if (!known) this.classes.set(classname, entry);
    return entry;
  }
}

/**
 * One line as flakeguard writes a quiet test: the id (no escape, no control character, not starting with a digit,
 * which JSON objects would order first), then `name` and `classname` (when the id is not `<class>::<name>`), `fp` or `file`, `line`, `from`, the open end, and `d`. `[^"\\\x00-\x1f]` is
 * what a JSON string holds without an escape.
 */
const QUIET_LINE =
  /"([^"\\\x00-\x1f0-9][^"\\\x00-\x1f]*)": \{(?:"name":"([^"\\\x00-\x1f]*)","classname":"([^"\\\x00-\x1f]*)",)?(?:"fp":\["([^"\\\x00-\x1f]*)","([^"\\\x00-\x1f]*)"\],|"file":"([^"\\\x00-\x1f]*)",)?(?:"line":(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?),)?"from":(0|[1-9][0-9]{0,15}),"o":"P\*"(?:,"d":(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?))?\}(,?)\n/y;

/** Capture groups of QUIET_LINE. */
const [NAME, CLASSNAME, FP_BEFORE, FP_AFTER, FILE, LINE, FROM, D, COMMA] = [2, 3, 4, 5, 6, 7, 8, 9, 10];

const HEAD = '{"schema": 4, "tests": {\n';
const TAIL = '}}\n';

/**
 * Adds the tests of a schema-4 quiet file in flakeguard's own form to `into` and `quiet.reads`, as parseHistoryShard
 * would with no problem; or returns undefined, having added nothing, for any file it does not read whole.
 */
export function readQuietFile(
  file: string,
  text: string,
  known: KnownSeqs,
  into: Map<string, StoredTest>,
  quiet: { window?: RetentionWindow; reads: QuietReads },
  strings: ClassStrings,
): true | undefined {
  if (!text.startsWith(HEAD) || !text.endsWith(TAIL) || text.length <= HEAD.length + TAIL.length) return undefined;
  const ids: string[] = [];
  const tests: StoredTest[] = [];
  const froms: number[] = [];
  let lines = 0;
  let previous = '';
  // The open end's segments and checks, the same for every line of a `from` (a file's lines share a few).
  let lastFrom = -1;
  let segments: readonly Segment[] | null = null;
  let runs = 0;
  const window = quiet.window;
  const end = text.length - TAIL.length;
  QUIET_LINE.lastIndex = HEAD.length;
  for (;;) {
    const at = QUIET_LINE.lastIndex;
    const match = QUIET_LINE.exec(text);
    if (!match || match.index !== at) return undefined;
    lines++;
    const id = match[1]!;
    // Strictly increasing ids: none written twice (JSON would keep the last), in the order the general reader adds them.
    if (!(id > previous) || into.has(id)) return undefined;
    previous = id;
    // (The names are read from the id unless the line gives them, as it does when the id is not `<class>::<name>`.)
    const cut = match[NAME] === undefined ? id.lastIndexOf('::') : 0;
    if (cut < 0) return undefined;
    const from = Number(match[FROM]);
    if (!Number.isSafeInteger(from)) return undefined;
    if (from !== lastFrom) {
      segments = known.openSegmentsOf(from, 'P*');
      if (!segments || known.firstMissing(from, segments) !== undefined) return undefined;
      runs = known.runsOf(segments);
      lastFrom = from;
    }
    const comma = match[COMMA] === ',';
    if (comma === (QUIET_LINE.lastIndex === end)) return undefined;
    if (runs > 0) add(id, from, cut, match);
    if (!comma) break;
  }
  function add(id: string, from: number, cut: number, match: RegExpExecArray): void {
    let classname = match[CLASSNAME] ?? id.slice(0, cut);
    const name = match[NAME] ?? id.slice(cut + 2);
    const d = match[D] === undefined ? undefined : Number(match[D]);
    let testFile: string | undefined;
    if (match[FP_BEFORE] !== undefined) {
      const shared = strings.file(classname, match[FP_BEFORE], match[FP_AFTER]!);
      classname = shared.classname;
      testFile = shared.file;
    } else {
      classname = strings.classname(classname);
      testFile = match[FILE];
    }
    // Made whole with its fields in the general reader's order: no object grown field by field.
    let test: StoredTest;
    if (match[LINE] !== undefined) {
      test = { name, classname, from, segments: segments! };
      if (testFile !== undefined) test.file = testFile;
      test.line = Number(match[LINE]);
      if (d !== undefined) test.d = d;
    } else if (testFile !== undefined) test = d === undefined ? { name, classname, from, segments: segments!, file: testFile } : { name, classname, from, segments: segments!, file: testFile, d };
    else test = d === undefined ? { name, classname, from, segments: segments! } : { name, classname, from, segments: segments!, d };
    const kept = window ? trimmed(test, known.timeOf, window.oldestKept, window.maxRuns) : test;
    if (kept) {
      ids.push(id);
      tests.push(kept);
      froms.push(from);
    }
  }
  for (let i = 0; i < ids.length; i++) {
    const test = tests[i]!;
    into.set(ids[i]!, test);
    const d = test.d;
    const read: QuietRead = d === undefined ? { from: froms[i]!, path: file, test } : { from: froms[i]!, d, path: file, test };
    quiet.reads.lines.set(ids[i]!, read);
  }
  quiet.reads.shards.set(file, { text, tests: lines });
  return true;
}
