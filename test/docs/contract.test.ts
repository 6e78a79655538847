/**
 * The public contract is documented where users look: every input and output of action.yml has a row in the
 * README's tables, every input the code reads is declared in action.yml, and the README's links resolve.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../support/action.ts';

const action = parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as {
  runs: { using: string; main: string };
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
};
const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');

function tableNames(heading: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith(`${heading}\n`)) ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the public contract', () => {
  it('runs the committed bundle on Node 24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('documents every input and output of action.yml in the README tables, and nothing else', () => {
    expect(tableNames('Inputs').sort()).toEqual(Object.keys(action.inputs).sort());
    expect(tableNames('Outputs').sort()).toEqual(Object.keys(action.outputs).sort());
  });

  it('declares in action.yml every input the code reads', () => {
    const read = new Set<string>();
    // Inputs are read through an InputGetter, in the config modules.
    for (const file of sourceFiles(join(PROJECT_ROOT, 'src')).filter((f) => /\/(config|modes|rerun)\/inputs\.ts$/.test(f))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bget\('([a-z-]+)'\)/g)) read.add(m[1]!);
    }
    expect(read.size).toBeGreaterThan(10);
    for (const name of read) expect(Object.keys(action.inputs), `input '${name}'`).toContain(name);
  });

  it('links only to files that exist', () => {
    // Every page under docs/, its sub-folders (docs/adr/) included.
    const pages = (dir: string): string[] =>
      readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pages(`${dir}/${e.name}`) : e.name.endsWith('.md') ? [`${dir}/${e.name}`] : []));
    for (const doc of ['README.md', 'SECURITY.md', ...pages('docs')]) {
      // Inline code is not a link: `[\uD800-\uDBFF](?![\uDC00-\uDFFF])` quotes a regular expression.
      const text = readFileSync(join(PROJECT_ROOT, doc), 'utf8').replace(/`[^`\n]*`/g, '');
      for (const m of text.matchAll(/\]\(((?!https?:|#|mailto:)[^)#\s]+)(#[^)]*)?\)/g)) {
        expect(existsSync(join(PROJECT_ROOT, dirname(doc), m[1]!)), `${doc} links to ${m[1]}`).toBe(true);
      }
    }
  });
});
