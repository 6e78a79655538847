/**
 * The layers of docs/architecture.md hold in src/: no circle of files, no circle of folders, every import downward
 * in the table. Paths in the messages are relative to src/. The checker itself is tested first on small trees
 * written here, so that a pass on src/ means something.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from './support/action.ts';
import { eagerClosure, fileCircles, folderCircles, layerBreaches, moduleOf, parseLayers, readImportGraph, type ImportGraph } from './support/architecture.ts';

const SRC = join(PROJECT_ROOT, 'src');
const doc = readFileSync(join(PROJECT_ROOT, 'docs', 'architecture.md'), 'utf8');

function graphOf(edges: Record<string, string[]>): ImportGraph {
  const files = [...new Set([...Object.keys(edges), ...Object.values(edges).flat()])].sort();
  return { files, imports: Object.entries(edges).flatMap(([from, tos]) => tos.map((to) => ({ from, to }))), problems: [] };
}

describe('the architecture checker', () => {
  const temp = mkdtempSync(join(tmpdir(), 'flakeguard-arch-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(temp, 'src-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  it('reads static, type-only, re-exported and lazy imports, and not those in comments or strings', () => {
    const root = tree({
      'a/x.ts': [
        "import { y } from './y.ts';",
        "import type { T } from '../model.ts';",
        "export * from '../b/z.ts';",
        "let lazy: typeof import('../c/w.ts').w;",
        "const later = () => import('../d/v.ts');",
        "// import { no } from '../e/u.ts';",
        'const text = "import(\'../e/u.ts\')";',
        "import * as core from '@actions/core';",
      ].join('\n'),
      'a/y.ts': 'export const y = 1;',
      'b/z.ts': '',
      'c/w.ts': '',
      'd/v.ts': '',
      'e/u.ts': '',
      'model.ts': '',
    });
    const graph = readImportGraph(root);
    expect(graph.problems).toEqual([]);
    expect(graph.imports.map((i) => i.to).sort()).toEqual(['a/y.ts', 'b/z.ts', 'c/w.ts', 'd/v.ts', 'model.ts']);
    expect(moduleOf('a/x.ts')).toBe('a');
    expect(moduleOf('model.ts')).toBe('model.ts');
  });

  it('reports an import of no file and an import() it cannot read', () => {
    const root = tree({ 'a/x.ts': "import { gone } from './gone.ts';\nconst name = './y.ts';\nawait import(name);\n" });
    expect(readImportGraph(root).problems).toEqual([
      "a/x.ts imports './gone.ts', which is no .ts file of this tree",
      'a/x.ts:3: import() of a computed specifier; the architecture test cannot see what it loads',
    ]);
  });

  it('finds a circle of files and names it', () => {
    const graph = graphOf({ 'a/one.ts': ['a/two.ts'], 'a/two.ts': ['a/three.ts'], 'a/three.ts': ['a/one.ts', 'b/leaf.ts'], 'b/leaf.ts': [] });
    expect(fileCircles(graph)).toEqual(['import circle: a/one.ts -> a/two.ts -> a/three.ts -> a/one.ts']);
    expect(fileCircles(graphOf({ 'a/self.ts': ['a/self.ts'] }))).toEqual(['import circle: a/self.ts -> a/self.ts']);
    expect(fileCircles(graphOf({ 'a/one.ts': ['b/two.ts'], 'b/two.ts': ['model.ts'] }))).toEqual([]);
  });

  it('finds a circle of folders made of files that are not in a circle, and names the imports', () => {
    const graph = graphOf({ 'github/checks.ts': ['report/escape.ts'], 'report/publish.ts': ['github/client.ts'] });
    expect(fileCircles(graph)).toEqual([]);
    expect(folderCircles(graph)).toEqual([
      'folder circle github -> report -> github: github -> report (github/checks.ts imports report/escape.ts); report -> github (report/publish.ts imports github/client.ts)',
    ]);
  });

  it('allows imports down the table and within a folder, not up it nor across a layer', () => {
    const layers = parseLayers(
      '## Layers\n\n| layer | modules | owns |\n| --- | --- | --- |\n| 1 | `model.ts`, `text/` | x |\n| 2 | `policy/`, `scoring/` | y |\n| 3 | `config/` | z |\n\n## Other\n\n| 9 | `nope/` | |\n',
    );
    expect([...layers]).toEqual([
      ['model.ts', 1],
      ['text', 1],
      ['policy', 2],
      ['scoring', 2],
      ['config', 3],
    ]);
    const graph = graphOf({
      'config/inputs.ts': ['policy/quarantine.ts', 'model.ts', 'config/file.ts'],
      'policy/outcome.ts': ['config/inputs.ts', 'scoring/pfs.ts', 'text/escape.ts'],
      'extra/new.ts': ['model.ts'],
    });
    expect(layerBreaches(graph, layers)).toEqual([
      'extra/ is in no layer of docs/architecture.md: give it one',
      'policy/outcome.ts imports config/inputs.ts: policy (layer 2) may import only lower layers, and config is layer 3 (docs/architecture.md)',
      'policy/outcome.ts imports scoring/pfs.ts: policy (layer 2) may import only lower layers, and scoring is layer 2 too (docs/architecture.md)',
    ]);
  });
});

describe('the layers of src/ (docs/architecture.md)', () => {
  const graph = readImportGraph(SRC);
  const layers = parseLayers(doc);

  it('reads every import of src/', () => {
    expect(graph.problems).toEqual([]);
    // The graph is the real one: the action's wiring reaches the pipeline, lazily loaded modes included.
    expect(graph.imports).toContainEqual({ from: 'action/stages.ts', to: 'pipeline/apply.ts' });
    expect(graph.imports).toContainEqual({ from: 'action/run.ts', to: 'modes/index.ts' });
  });

  it('has no circle of files', () => {
    expect(fileCircles(graph)).toEqual([]);
  });

  it('has no circle of folders', () => {
    expect(folderCircles(graph)).toEqual([]);
  });

  it('imports only downward in the layer table', () => {
    expect(layerBreaches(graph, layers)).toEqual([]);
  });

  it('lists in the table exactly the modules of src/', () => {
    expect([...layers.keys()].sort()).toEqual(readdirSync(SRC).sort());
  });

  it('loads no modes/ code on the default path: the action reaches modes/ only by import() (src/modes/index.ts)', () => {
    const loaded = [...eagerClosure(SRC, ['action/main.ts', 'action/run.ts', 'action/early-clone.ts'])];
    expect(loaded).toContain('pipeline/apply.ts');
    expect(loaded).toContain('config/mode-inputs.ts');
    expect(loaded.filter((f) => f.startsWith('modes/'))).toEqual([]);
    // The closure follows an eager import into modes/ when there is one.
    expect([...eagerClosure(SRC, ['modes/aggregate.ts'])]).toContain('modes/common.ts');
  });
});
