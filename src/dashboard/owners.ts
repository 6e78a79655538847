/**
 * Each test's owners, on the page, from the copies of CODEOWNERS and of the `codeowners-map` input that the step
 * keeps on the data branch (branch-files.ts), with the same rules as the issues for owners (src/owners/): the test's
 * `file`, else its classname mapped to a path, looked up in CODEOWNERS, the last matching rule winning. Pure.
 */
import { ownerText, ownersOf, parseCodeowners } from '../owners/codeowners.ts';
import { mapClassname, parseClassMap, type ClassMapRule } from '../owners/classmap.ts';
import { repositoryPath } from '../owners/index.ts';
import type { TestEntry } from './page-model.ts';

export interface OwnersResult {
  /** Tests that got at least one owner. */
  owned: number;
  /** What could not be read, for the page's notice. */
  problems: string[];
}

/** Sets `owners` on each test. Looks each distinct path up once (tests of one class share a file). */
export function assignOwners(tests: readonly TestEntry[], codeownersText: string | undefined, classMapText: string | undefined): OwnersResult {
  const problems: string[] = [];
  if (codeownersText === undefined) return { owned: 0, problems };
  const codeowners = parseCodeowners(codeownersText, 'CODEOWNERS');
  if (codeowners.problems.length > 0) problems.push(`CODEOWNERS: ${codeowners.problems.length} invalid line${codeowners.problems.length === 1 ? '' : 's'} skipped, as GitHub does`);
  let classMap: ClassMapRule[] = [];
  if (classMapText?.trim()) {
    try {
      classMap = parseClassMap(classMapText);
    } catch (error) {
      problems.push(`codeowners-map: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const byPath = new Map<string, string[]>();
  let owned = 0;
  for (const t of tests) {
    let path = t.history.file ? repositoryPath(t.history.file, '') : undefined;
    if (!path && t.history.classname && classMap.length > 0) path = mapClassname(classMap, t.history.classname)?.path;
    if (!path) continue;
    let owners = byPath.get(path);
    if (!owners) byPath.set(path, (owners = ownersOf(codeowners, path).owners.map(ownerText)));
    t.owners = owners;
    if (owners.length > 0) owned++;
  }
  return { owned, problems };
}
