/**
 * The pure parts of the first hour's answers (issue 41): a mistyped preset's nearest name, the echo of a long filter,
 * the warning of a voided round, the kind of a refused push, a runner's colour escapes. The e2e test is
 * test/e2e/first-hour-mistakes.test.ts.
 */
import { mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandFound, nearestPreset } from '../../src/rerun/typo.ts';
import { editDistance } from '../../src/text/edit-distance.ts';
import { PRESETS } from '../../src/rerun/presets/index.ts';
import { alternatives, echoArgument, LONG_ARGUMENT } from '../../src/rerun/echo.ts';
import { voidedWarning } from '../../src/rerun/voided.ts';
import { refusalOf, isPermanentRefusal } from '../../src/store/git-process.ts';
import { stripAnsi } from '../../src/text/ansi.ts';
import { logText } from '../../src/text/escape.ts';
import { anchoredAlternation, jsRegexLiteral } from '../../src/rerun/presets/pattern-escape.ts';

const NAMES = [...PRESETS.keys(), 'auto'];

describe('nearestPreset', () => {
  it('names the preset a typo meant', () => {
    expect(editDistance('vitset', 'vitest')).toBe(1);
    expect(nearestPreset('vitset', NAMES)).toBe('vitest');
    expect(nearestPreset('jets', NAMES)).toBe('jest');
    expect(nearestPreset('pytets', NAMES)).toBe('pytest');
    expect(nearestPreset('gotest', NAMES)).toBe('gotestsum');
    expect(nearestPreset('Vitest', NAMES)).toBe('vitest');
    expect(nearestPreset('mocah', NAMES)).toBe('mocha');
    expect(nearestPreset('atuo', NAMES)).toBe('auto');
    expect(nearestPreset('playwrigth', NAMES)).toBe('playwright');
  });

  it('leaves alone what is far from every preset, not a plain name, or bash’s own', () => {
    for (const word of ['npm', 'npx', 'make', 'mvn', 'yarn', 'pnpm', 'bash', 'sh', 'cargo', 'python', 'tox', 'go', 'rake', './jets', 'FOO=1', 'test', 'exec', 'source', 'ctest', '$(x)']) {
      expect(nearestPreset(word, NAMES), word).toBeUndefined();
    }
  });

  it('commandFound: an executable of PATH or a file of the workspace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'typo-'));
    const bin = mkdtempSync(join(tmpdir(), 'typo-bin-'));
    writeFileSync(join(bin, 'vitset'), '#!/bin/sh\n');
    writeFileSync(join(bin, 'pytets'), 'not executable');
    chmodSync(join(bin, 'vitset'), 0o755);
    writeFileSync(join(dir, 'jets'), '');
    expect(commandFound('vitset', dir, { PATH: bin })).toBe(true);
    expect(commandFound('pytets', dir, { PATH: bin })).toBe(false);
    expect(commandFound('jets', dir, { PATH: bin })).toBe(true);
    expect(commandFound('gotest', dir, { PATH: bin })).toBe(false);
    expect(commandFound('gotest', dir, { PATH: bin, BASH_ENV: '/etc/x' })).toBe(true);
  });
});

describe('the echo of a long argument', () => {
  it('splits an anchored alternation at its top level only', () => {
    const pattern = anchoredAlternation(['a\\|b', 'c(?:d|e)', 'f[|)]g', 'h'].map((s) => s));
    expect(alternatives(`--testNamePattern=${pattern}`)).toEqual({ prefix: '--testNamePattern=', alts: ['a\\|b', 'c(?:d|e)', 'f[|)]g', 'h'] });
    expect(alternatives('plain')).toBeUndefined();
  });

  it('keeps a short argument whole, shows the first tests of a long filter and how many more', () => {
    expect(echoArgument('--color=true')).toBe('--color=true');
    const names = Array.from({ length: 80 }, (_, i) => jsRegexLiteral(`cart removes item ${i} (a long enough title)`));
    const arg = `--testNamePattern=${anchoredAlternation(names)}`;
    expect(arg.length).toBeGreaterThan(LONG_ARGUMENT);
    const shown = echoArgument(arg);
    const more = Number(/\(\+(\d+) more tests\)$/.exec(shown)![1]);
    expect((shown.match(/title\\\)/g) ?? []).length + more).toBe(80);
    expect(shown.length).toBeLessThan(400);
    expect(echoArgument('x'.repeat(1500))).toMatch(/^'x{300}…' \(\+1200 more characters\)$/);
  });
});

describe('voidedWarning', () => {
  it('names a runner that is not installed, with the fix', () => {
    expect(voidedWarning({ round: 1, why: 'the command could not start: spawn node_modules/.bin/vitest ENOENT', preset: 'vitest' })).toBe(
      'Re-runs: round 1 was voided: node_modules/.bin/vitest was not found (spawn node_modules/.bin/vitest ENOENT). Install vitest (npm ci before this step) or set rerun: to the command that runs your tests (docs/rerun-presets.md).',
    );
    expect(voidedWarning({ round: 2, why: 'the command could not start: spawn gotestsum ENOENT', preset: 'gotestsum' })).toMatch(/gotestsum was not found .* Install gotestsum before this step/);
  });

  it('a custom command bash could not find (127): the word when it is not found here, else "a command it runs"', () => {
    const why = 'the command (exit code 127) wrote no report at FLAKEGUARD_RERUN_REPORT';
    expect(voidedWarning({ round: 1, why, command: 'vitset run', firstWordFound: false })).toMatch(/^Re-runs: round 1 was voided: `vitset` was not found \(exit code 127, command not found\)/);
    expect(voidedWarning({ round: 1, why, command: 'npm test', firstWordFound: true })).toMatch(/a command it runs was not found \(exit code 127/);
    expect(voidedWarning({ round: 3, why: 'its report could not be read: line 1: bad XML.' })).toBe(
      'Re-runs: round 3 was voided: its report could not be read: line 1: bad XML. The failed tests are judged without re-runs (docs/rerun.md, "What you see").',
    );
  });
});

describe('refusalOf', () => {
  it('tells a permission, a protected branch and a workflow refusal apart, and gives the one line that says it', () => {
    expect(refusalOf("remote: Permission to octo/p.git denied to github-actions[bot].\nfatal: unable to access 'https://github.com/octo/p/': The requested URL returned error: 403\n")).toEqual({
      kind: 'permission',
      detail: 'Permission to octo/p.git denied to github-actions[bot].',
    });
    expect(refusalOf('fatal: unable to access: The requested URL returned error: 403')?.kind).toBe('permission');
    expect(refusalOf('remote: error: GH006: Protected branch update failed for refs/heads/x.\n ! [remote rejected] x -> x (protected branch hook declined)')).toEqual({
      kind: 'protected',
      detail: 'GH006: Protected branch update failed for refs/heads/x.',
    });
    expect(refusalOf('remote: error: GH013: Repository rule violations found for refs/heads/x.')?.kind).toBe('protected');
    expect(refusalOf('! [remote rejected] x -> x (refusing to allow a GitHub App to create or update workflow `.github/workflows/ci.yml` without `workflows` permission)')?.kind).toBe('workflow');
    expect(refusalOf(' ! [remote rejected] x -> x (pre-receive hook declined)')).toBeUndefined();
    expect(refusalOf(' ! [rejected] x -> x (fetch first)')).toBeUndefined();
    expect(isPermanentRefusal('The requested URL returned error: 403')).toBe(true);
    expect(refusalOf(`remote: Permission to ${'x'.repeat(500)} denied`)!.detail.length).toBeLessThanOrEqual(240);
  });
});

describe('stripAnsi', () => {
  it('takes out colours and other escapes; logText still defuses what their removal joined', () => {
    expect(stripAnsi('\x1b[32mPASS\x1b[39m a.test.js \x1b[1m3\x1b[22m')).toBe('PASS a.test.js 3');
    expect(stripAnsi('\x1b]8;;https://x\x07link\x1b]8;;\x07 \x9b31mred')).toBe('link red');
    expect(logText(stripAnsi(':\x1b[0m:error::forged'))).toBe(':\u200b:error:\u200b:forged');
    expect(logText(stripAnsi('a \x1b b'))).toBe('a \\x1b b');
    expect(stripAnsi('plain')).toBe('plain');
  });
});
