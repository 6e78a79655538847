/**
 * Test ids (docs/test-ids.md): the id of a testcase, and the qualified form that tells apart the same id written in two
 * reports of one run by reporters that never write a retry (ADR 0410).
 */

/**
 * Stable identity of a test across runs: `classname::name`, where classname falls back to the suite
 * name when empty; just `name` when both are empty. `name` appears verbatim. `file` is deliberately not
 * part of the id (see docs/test-ids.md).
 */
export function testId(parts: { classname: string; name: string; suite: string; file?: string }): string {
  const owner = parts.classname !== '' ? parts.classname : parts.suite;
  return owner !== '' ? `${owner}::${parts.name}` : parts.name;
}

/**
 * The classname of a test qualified by `scope` (its report's directory, ADR 0410): `[scope] <owner>`, the owner being
 * the classname, or the suite when the classname is empty (the part of the id before `::`); `[scope]` when both are
 * empty. Its id is then `[scope] <owner>::<name>`, derived from classname and name like any other, so every place
 * that derives ids (shard bundles, results files) agrees without knowing about scopes.
 */
export function scopedClassname(scope: string, classname: string, suite: string): string {
  const owner = classname !== '' ? classname : suite;
  return owner === '' ? `[${scope}]` : `[${scope}] ${owner}`;
}

/** A testcase as cleanIds sees it: its id's parts, the file its report gives it (RawCase.idFile), and what it sets. */
export interface Cleanable {
  name: string;
  classname: string;
  suite: string;
  /** The file the report's attributes give the test (not a stack trace's), workspace-relative. */
  idFile?: string;
  /** Set by cleanIds on a cleaned testcase: its id as the report wrote it. */
  written?: string;
  /** Set by cleanIds when it empties `suite`: the suite as the report wrote it, for the test's file context. */
  group?: string;
}

/**
 * Cleans the ids of one report's testcases whose classname repeats their title (docs/test-ids.md, "Cleaned ids";
 * ADR 0445). With c and n the classname and name without whitespace at their ends, c not empty, the title is kept once,
 * trimmed, as the name:
 *
 * - c = n (any report): jest-junit's default templates (`{classname} {title}` in both), nette tester, xcresult;
 * - every testcase with a classname in the report has c = n or c ending in ` n`: the classname is the full title
 *   (jest-junit's default classNameTemplate with `titleTemplate: "{title}"`); the name becomes c;
 * - every such testcase has c = n or n starting with `c `: the name is the full title (`{classname}` /
 *   `{classname} {title}`, jasmine-reporters);
 * - `mochaTitles` (a mocha-junit-reporter report) and every such testcase has c = n or n ending in ` c`: mocha's
 *   default `classname` = title, `name` = full title.
 *
 * The classname becomes the file its report gives the test (`idFile`), or is emptied with the suite (the id is then
 * the title alone). A cleaned id is kept only when no other testcase of the report was written with it and no
 * testcase written with another id cleans to it: two tests never share an id by cleaning. Changes the cases in place
 * (`written` keeps the id as written) and returns how many were cleaned.
 */
export function cleanIds(cases: Cleanable[], mochaTitles: boolean): number {
  // Which repetition every testcase with a classname of the report follows (a template's, not a coincidence's).
  let endsName = true;
  let startsClass = true;
  let endsClass = mochaTitles;
  for (const c of cases) {
    const cls = c.classname.trim();
    if (cls === '') continue;
    const name = c.name.trim();
    if (cls === name) continue;
    endsName &&= cls.endsWith(` ${name}`);
    startsClass &&= name.startsWith(`${cls} `);
    endsClass &&= name.endsWith(` ${cls}`);
  }
  const titles: Array<string | undefined> = cases.map((c) => {
    const cls = c.classname.trim();
    if (cls === '') return undefined;
    const name = c.name.trim();
    if (cls === name) return name;
    if (endsName && cls.endsWith(` ${name}`)) return cls;
    if (startsClass && name.startsWith(`${cls} `)) return name;
    if (endsClass && name.endsWith(` ${cls}`)) return name;
    return undefined;
  });
  if (titles.every((t) => t === undefined)) return 0;
  // The ids as written, and which written id each clean id would come from.
  const written = new Set<string>();
  for (const c of cases) written.add(testId(c));
  const from = new Map<string, string | null>();
  const clean = cases.map((c, i) => {
    const title = titles[i];
    if (title === undefined) return undefined;
    const id = c.idFile !== undefined && c.idFile !== '' ? `${c.idFile}::${title}` : title;
    const was = testId(c);
    const seen = from.get(id);
    from.set(id, seen === undefined || seen === was ? was : null);
    return id;
  });
  let cleaned = 0;
  for (const [i, c] of cases.entries()) {
    const id = clean[i];
    if (id === undefined) continue;
    const was = testId(c);
    if (id === was) continue;
    // Taken: written by another testcase, or the clean form of two ids as written.
    if (written.has(id) || from.get(id) === null) continue;
    c.written = was;
    c.name = titles[i]!;
    if (c.idFile !== undefined && c.idFile !== '') c.classname = c.idFile;
    else {
      c.classname = '';
      if (c.suite !== '') c.group = c.suite;
      c.suite = '';
    }
    cleaned++;
  }
  return cleaned;
}
