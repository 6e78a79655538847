/**
 * One run's reports into one list of tests (docs/test-ids.md, "Ids across reports"; ADR 0410). The same id in two
 * reports is one test whose attempts are concatenated in file order only when every report that has it is of a
 * dialect that may write a retry as another testcase. A reporter that writes one testcase per test (vitest,
 * jest-junit, mocha-junit-reporter, node: RawReport.oneCasePerTest) never writes a retry, so its testcase is its own
 * test: it is qualified by its report's directory (`[packages/a] src/index.test.ts::works`), and the collision is
 * reported with the reports' paths so that the step can warn.
 */
import type { ParsedTestCase } from '../model.ts';
import { scopedClassname, testId } from './id.ts';

/** One report's tests (ids unique within it), its path as shown, and whether its reporter writes one testcase per test. */
export interface ReportTests {
  path: string;
  oneCasePerTest: boolean;
  tests: ParsedTestCase[];
}

/** Ids written in several reports of one run and qualified: the first few with their reports, and how many in all. */
export interface Collisions {
  first: Array<{ id: string; reports: string[] }>;
  count: number;
}

/** How many collisions Collisions keeps by name. */
export const COLLISIONS_NAMED = 5;

/** The directory of a report's path as shown ('.' for a file at the top of the workspace). */
export function reportDirectory(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? '.' : cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

/**
 * Combines the reports' tests, in report order then test order (a merged test sits where its id was first seen).
 * Takes ownership of the tests: merged attempts are appended to the first test's, qualified tests are changed in place.
 */
export function combineReports(reports: readonly ReportTests[]): { tests: ParsedTestCase[]; collisions?: Collisions } {
  if (reports.length === 1) return { tests: reports[0]!.tests };
  const firstIn = new Map<string, number>();
  const inMany = new Map<string, number[]>();
  for (const [i, r] of reports.entries()) {
    for (const t of r.tests) {
      const f = firstIn.get(t.id);
      if (f === undefined) firstIn.set(t.id, i);
      else {
        const list = inMany.get(t.id);
        if (list) list.push(i);
        else inMany.set(t.id, [f, i]);
      }
    }
  }
  const tests: ParsedTestCase[] = [];
  if (inMany.size === 0) {
    for (const r of reports) for (const t of r.tests) tests.push(t);
    return { tests };
  }
  // The scope of each report that has a colliding id, by id: its directory, or its path when another report of the
  // same id has that directory too.
  const scopes = new Map<string, Map<number, string>>();
  const collisions: Collisions = { first: [], count: 0 };
  for (const [id, list] of inMany) {
    if (!list.some((i) => reports[i]!.oneCasePerTest)) continue;
    const perTest = list.filter((i) => reports[i]!.oneCasePerTest);
    const dirs = perTest.map((i) => reportDirectory(reports[i]!.path));
    const scope = new Map<number, string>();
    for (const [k, i] of perTest.entries()) scope.set(i, dirs.indexOf(dirs[k]!) === dirs.lastIndexOf(dirs[k]!) ? dirs[k]! : reports[i]!.path);
    scopes.set(id, scope);
    collisions.count++;
    if (collisions.first.length < COLLISIONS_NAMED) collisions.first.push({ id, reports: list.map((i) => reports[i]!.path) });
  }
  // A qualified id never takes one a report wrote, nor another qualified one (a classname may look like `[x] y`).
  const taken = new Set(firstIn.keys());
  const merged = new Map<string, ParsedTestCase>();
  for (const [i, r] of reports.entries()) {
    for (const t of r.tests) {
      const scope = scopes.get(t.id)?.get(i);
      if (scope !== undefined) {
        qualify(t, scope, r.path, taken);
        tests.push(t);
        continue;
      }
      if (!inMany.has(t.id)) {
        tests.push(t);
        continue;
      }
      const into = merged.get(t.id);
      if (into === undefined) {
        merged.set(t.id, t);
        tests.push(t);
        continue;
      }
      mergeAttempts(into, t);
    }
  }
  return { tests, collisions };
}

/** Adds `later`'s attempts to `into`'s, and what it knows more of the location. */
export function mergeAttempts(into: ParsedTestCase, later: { attempts: ParsedTestCase['attempts']; file?: string; line?: number }): void {
  for (const a of later.attempts) into.attempts.push(a);
  // A later attempt may know more about the location (e.g. only failing attempts have a stack trace).
  if (into.file === undefined && later.file !== undefined) {
    into.file = later.file;
    if (later.line !== undefined) into.line = later.line;
  } else if (into.line === undefined && later.line !== undefined && later.file === into.file) {
    into.line = later.line;
  }
}

/** Qualifies `t` by `scope`, or by its report's path, then `<path> #k`, when the id that gives is taken. */
function qualify(t: ParsedTestCase, scope: string, path: string, taken: Set<string>): void {
  for (let k = 0; ; k++) {
    const s = k === 0 ? scope : k === 1 ? path : `${path} #${k}`;
    const classname = scopedClassname(s, t.classname, t.suite);
    const id = testId({ classname, name: t.name, suite: t.suite });
    if (taken.has(id)) continue;
    taken.add(id);
    t.id = id;
    t.classname = classname;
    t.scope = s;
    return;
  }
}

/**
 * The plain ids whose history ids have a qualified form in `historyIds` (`[scope] <id>`): ids that were in two reports
 * of a run once. A scope with `] ` in it is read up to its first `] `, which at worst qualifies one more test.
 */
export function scopedBefore(historyIds: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of historyIds) {
    if (!id.startsWith('[')) continue;
    const end = id.indexOf('] ');
    if (end > 1) out.add(id.slice(end + 2));
  }
  return out;
}

/**
 * Keeps the ids of a run stable once qualified (ADR 0410). A test of a report of one testcase per test (`reports`)
 * whose id no other report of this run has is qualified all the same when its id was qualified in an earlier run
 * (`history.scoped` has its history id, scopedBefore): by its report's directory, or by its report's path when the
 * history has that form and not the directory's. So a package's test keeps one id whether or not the other package's
 * report is there, and a test never takes up the plain id's history another package's test left. Returns how many
 * tests were qualified here.
 */
export function keepScopes(
  tests: readonly ParsedTestCase[],
  reports: ReadonlySet<string>,
  history: { has(historyId: string): boolean; scoped: ReadonlySet<string> },
  historyId: (id: string) => string,
): number {
  if (reports.size === 0 || history.scoped.size === 0) return 0;
  const taken = new Set<string>();
  for (const t of tests) taken.add(t.id);
  let kept = 0;
  for (const t of tests) {
    if (t.scope !== undefined || !reports.has(t.report) || !history.scoped.has(historyId(t.id))) continue;
    const dir = reportDirectory(t.report);
    const byPath = testId({ classname: scopedClassname(t.report, t.classname, t.suite), name: t.name, suite: t.suite });
    const scope = !history.has(historyId(testId({ classname: scopedClassname(dir, t.classname, t.suite), name: t.name, suite: t.suite }))) && history.has(historyId(byPath)) ? t.report : dir;
    const before = t.id;
    qualify(t, scope, t.report, taken);
    taken.delete(before);
    kept++;
  }
  return kept;
}
