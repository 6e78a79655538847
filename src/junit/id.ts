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
