/**
 * The import graph of `src/` and the checks of docs/architecture.md: no circle of files, no circle of folders, every
 * import downward in the layer table. Imports are read with `ts.preProcessFile` (static, `export … from`, dynamic
 * `import('…')`, type-only alike); a computed `import()` is reported, since no one could check it.
 */
import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

/** One import, as paths relative to the source root (`src/`) with `/` separators: `github/checks.ts` → `report/annotations.ts`. */
export interface Import {
  from: string;
  to: string;
}

export interface ImportGraph {
  files: string[];
  imports: Import[];
  /** Imports that could not be read: a relative specifier that is no file, a computed `import()`. */
  problems: string[];
}

const toPosix = (path: string): string => path.split(sep).join('/');

function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? tsFiles(path) : path.endsWith('.ts') ? [path] : [];
    });
}

/** `import(x)` whose argument is not a string literal. */
function computedImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (!arg || !ts.isStringLiteralLike(arg)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${file}:${line}: import() of a computed specifier; the architecture test cannot see what it loads`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every relative import of every `.ts` file under `root`. Package imports (`@actions/core`, `node:fs`) are not modules of ours. */
export function readImportGraph(root: string): ImportGraph {
  const paths = tsFiles(root);
  const files = paths.map((p) => toPosix(relative(root, p)));
  const known = new Set(files);
  const imports: Import[] = [];
  const problems: string[] = [];
  for (const [i, path] of paths.entries()) {
    const from = files[i]!;
    const text = readFileSync(path, 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
      const to = posix.normalize(posix.join(posix.dirname(from), fileName));
      if (!known.has(to)) problems.push(`${from} imports '${fileName}', which is no .ts file of this tree`);
      else imports.push({ from, to });
    }
    if (text.includes('import(')) problems.push(...computedImports(from, text));
  }
  return { files, imports, problems };
}

/** The layer unit of a file: its top-level folder (`github`), or the file itself at the root (`model.ts`). */
export function moduleOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash);
}

/** Strongly connected components with more than one node, or a node that reaches itself (Tarjan). */
function circles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || [...next(v)].includes(v)) found.push(component);
    }
  };
  for (const v of nodes) if (!index.has(v)) connect(v);
  return found;
}

/** One concrete circle through `start` inside its component: the shortest path back to it. */
function circleThrough(start: string, within: Set<string>, next: (node: string) => Iterable<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of next(v)) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = previous.get(u)!) path.push(u);
        return [start, ...path.slice(1).reverse(), start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

function adjacency(edges: Iterable<[string, string]>): (node: string) => string[] {
  const out = new Map<string, Set<string>>();
  for (const [a, b] of edges) {
    if (!out.has(a)) out.set(a, new Set());
    out.get(a)!.add(b);
  }
  return (node) => [...(out.get(node) ?? [])].sort();
}

/** (a) Circles of files: `a.ts -> b.ts -> a.ts`, one line per circle. */
export function fileCircles(graph: Pick<ImportGraph, 'files' | 'imports'>): string[] {
  const next = adjacency(graph.imports.map((i) => [i.from, i.to]));
  return circles(graph.files, next).map((component) => {
    const start = [...component].sort()[0]!;
    return `import circle: ${circleThrough(start, new Set(component), next).join(' -> ')}`;
  });
}

/** (b) Circles of top-level folders, each step named by the file imports that make it. */
export function folderCircles(graph: Pick<ImportGraph, 'imports'>): string[] {
  const between = new Map<string, Import[]>();
  for (const i of graph.imports) {
    const a = moduleOf(i.from);
    const b = moduleOf(i.to);
    if (a === b) continue;
    const key = `${a}\n${b}`;
    if (!between.has(key)) between.set(key, []);
    between.get(key)!.push(i);
  }
  const edges = [...between.keys()].map((k) => k.split('\n') as [string, string]);
  const next = adjacency(edges);
  const nodes = [...new Set(edges.flat())].sort();
  return circles(nodes, next).map((component) => {
    const start = [...component].sort()[0]!;
    const path = circleThrough(start, new Set(component), next);
    const steps = path.slice(1).map((b, k) => {
      const made = between.get(`${path[k]}\n${b}`)!;
      return `${path[k]} -> ${b} (${made.map((i) => `${i.from} imports ${i.to}`).join('; ')})`;
    });
    return `folder circle ${path.join(' -> ')}: ${steps.join('; ')}`;
  });
}

/** The layer table of docs/architecture.md: module (`github`, `model.ts`) → layer number. */
export function parseLayers(markdown: string): Map<string, number> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Layers\n')) ?? '';
  const layers = new Map<string, number>();
  for (const row of section.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)) {
    for (const name of row[2]!.matchAll(/`([^`]+)`/g)) {
      const module = name[1]!.replace(/\/$/, '');
      if (layers.has(module)) throw new Error(`docs/architecture.md puts ${name[1]} in two layers`);
      layers.set(module, Number(row[1]));
    }
  }
  return layers;
}

/** (c) Imports that are not downward: into a higher layer, or into another folder of the same layer. */
export function layerBreaches(graph: Pick<ImportGraph, 'files' | 'imports'>, layers: Map<string, number>): string[] {
  const breaches: string[] = [];
  for (const module of new Set(graph.files.map(moduleOf))) {
    if (!layers.has(module)) breaches.push(`${module}${module.endsWith('.ts') ? '' : '/'} is in no layer of docs/architecture.md: give it one`);
  }
  for (const i of graph.imports) {
    const a = moduleOf(i.from);
    const b = moduleOf(i.to);
    if (a === b) continue;
    const la = layers.get(a);
    const lb = layers.get(b);
    if (la === undefined || lb === undefined) continue;
    if (lb >= la) {
      breaches.push(`${i.from} imports ${i.to}: ${a} (layer ${la}) may import only lower layers, and ${b} is layer ${lb}${lb === la ? ' too' : ''} (docs/architecture.md)`);
    }
  }
  return breaches;
}

/**
 * The files loaded when `entries` load, following only the imports that load a module at once: `import … from` and
 * `export … from` that are not type-only (an import whose every name is a type is dropped by the compiler). A
 * dynamic `import()` loads later, when it runs, and is not followed.
 */
export function eagerClosure(root: string, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const from = queue.pop()!;
    if (seen.has(from)) continue;
    seen.add(from);
    const text = readFileSync(join(root, from), 'utf8');
    const source = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const named = clause?.namedBindings;
        const typesOnly = clause !== undefined && (clause.isTypeOnly || (!clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly)));
        if (!typesOnly) specifier = statement.moduleSpecifier;
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      }
      if (!specifier || !ts.isStringLiteral(specifier) || !/^\.\.?\//.test(specifier.text)) continue;
      queue.push(posix.normalize(posix.join(posix.dirname(from), specifier.text)));
    }
  }
  return seen;
}
