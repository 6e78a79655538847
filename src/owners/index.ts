/**
 * The owners of a test: its file (the report's `file` attribute, or the `codeowners-map` rule for its classname)
 * looked up in the repository's CODEOWNERS file.
 */
import { ownersOf, type Codeowners, type CodeownersRule, type Owner } from './codeowners.ts';
import { mapClassname, type ClassMapRule } from './classmap.ts';

export * from './codeowners.ts';
export * from './classmap.ts';

export interface TestOwners {
  /** Repository-relative path the owners were looked up for. */
  path?: string;
  /** Where the path came from. */
  via: 'file' | 'classname' | 'none';
  owners: Owner[];
  /** The CODEOWNERS rule that decided. */
  rule?: CodeownersRule;
  /** The `codeowners-map` rule that gave the path. */
  mapRule?: ClassMapRule;
}

export interface OwnerLookup {
  codeowners?: Codeowners;
  classMap: readonly ClassMapRule[];
  /** Absolute path of the workspace, to make absolute `file` attributes repository-relative. */
  workspace: string;
}

/** A report's `file` as a repository-relative path, or undefined when it points outside the repository. */
export function repositoryPath(file: string, workspace: string): string | undefined {
  let p = file.trim().replace(/\\/g, '/');
  if (p === '') return undefined;
  const ws = workspace.replace(/\\/g, '/').replace(/\/+$/, '');
  if (p.startsWith('/') || /^[A-Za-z]:\//.test(p)) {
    if (ws === '' || !p.startsWith(`${ws}/`)) return undefined;
    p = p.slice(ws.length + 1);
  }
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return out.length > 0 ? out.join('/') : undefined;
}

export function ownersOfTest(test: { file?: string; classname: string }, lookup: OwnerLookup): TestOwners {
  let path: string | undefined;
  let via: TestOwners['via'] = 'none';
  let mapRule: ClassMapRule | undefined;
  if (test.file) {
    path = repositoryPath(test.file, lookup.workspace);
    if (path) via = 'file';
  }
  if (!path && test.classname) {
    const mapped = mapClassname(lookup.classMap, test.classname);
    if (mapped) {
      path = repositoryPath(mapped.path, lookup.workspace);
      if (path) {
        via = 'classname';
        mapRule = mapped.rule;
      }
    }
  }
  if (!path) return { via: 'none', owners: [] };
  if (!lookup.codeowners) return { path, via, owners: [], ...(mapRule ? { mapRule } : {}) };
  const match = ownersOf(lookup.codeowners, path);
  return { path, via, owners: match.owners, ...(match.rule ? { rule: match.rule } : {}), ...(mapRule ? { mapRule } : {}) };
}
