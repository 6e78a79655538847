/**
 * The step files (src/github/step-files.ts): flakeguard's own writes are told apart from anyone else's, whenever
 * the other writes land, and only this module writes outputs and the summary.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PROJECT_ROOT, parseOutputFile } from '../support/action.ts';
import { appendSummary, checkStepFiles, setOutput, verifyStepFiles, watchStepFiles } from '../../src/github/step-files.ts';

let dir: string;
const saved: Record<string, string | undefined> = {};
const VARIABLES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'];
let exitCode: typeof process.exitCode;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flakeguard-step-files-'));
  exitCode = process.exitCode;
  for (const v of VARIABLES) {
    saved[v] = process.env[v];
    const path = join(dir, v.toLowerCase());
    writeFileSync(path, '');
    process.env[v] = path;
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  process.exitCode = exitCode;
  for (const v of VARIABLES) {
    if (saved[v] === undefined) delete process.env[v];
    else process.env[v] = saved[v];
  }
  await rm(dir, { recursive: true, force: true });
});

const file = (v: string): string => process.env[v]!;
const outputs = (): Record<string, string> => parseOutputFile(readFileSync(file('GITHUB_OUTPUT'), 'utf8'));

describe('the step files', () => {
  it("are as flakeguard wrote them when nobody else wrote: outputs in the runner's format, the summary appended", async () => {
    watchStepFiles();
    setOutput('failed-tests', 2);
    setOutput('quarantined-tests', JSON.stringify(['a', 'b']));
    setOutput('text', 'two\nlines');
    await appendSummary('# headline\n');
    await appendSummary('more\n');
    setOutput('outcome', 'failure');
    expect(checkStepFiles()).toEqual([]);
    expect(verifyStepFiles()).toBe(true);
    expect(outputs()).toEqual({ 'failed-tests': '2', 'quarantined-tests': '["a","b"]', text: 'two\nlines', outcome: 'failure' });
    expect(readFileSync(file('GITHUB_STEP_SUMMARY'), 'utf8')).toBe('# headline\nmore\n');
  });

  it("content there before the step started is no one else's write", () => {
    writeFileSync(file('GITHUB_OUTPUT'), 'earlier=1\n');
    watchStepFiles();
    setOutput('outcome', 'success');
    expect(checkStepFiles()).toEqual([]);
  });

  it("a line appended after flakeguard's own ones fails the step: the file is put back, the outputs written again, outcome failure last", async () => {
    watchStepFiles();
    setOutput('blocking-failures', 1);
    await appendSummary('### ❌ 1 test failed\n');
    setOutput('outcome', 'failure');
    const forged = 'outcome=success\nblocking-failures=0\n';
    const green = '# ✅ All tests passed\n';
    appendFileSync(file('GITHUB_OUTPUT'), forged);
    appendFileSync(file('GITHUB_STEP_SUMMARY'), green);
    const found = checkStepFiles();
    expect(found.map((t) => [t.variable, t.what])).toEqual([
      ['GITHUB_OUTPUT', `${Buffer.byteLength(forged)} bytes more than flakeguard wrote`],
      ['GITHUB_STEP_SUMMARY', `${Buffer.byteLength(green)} bytes more than flakeguard wrote`],
    ]);
    const errors: string[] = [];
    vi.mocked(process.stdout.write).mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk));
      return true;
    });
    expect(verifyStepFiles()).toBe(false);
    expect(process.exitCode).toBe(1);
    expect(errors.join('')).toContain(`::error::Something other than flakeguard wrote to GITHUB_OUTPUT during this step (${Buffer.byteLength(forged)} bytes more than flakeguard wrote)`);
    expect(errors.join('')).toMatch(/GITHUB_OUTPUT during this step [^\n]*flakeguard put the file back to what it wrote\. The step fails/);
    expect(errors.join('')).toMatch(/::error::Something other than flakeguard wrote to GITHUB_STEP_SUMMARY during this step/);
    const text = readFileSync(file('GITHUB_OUTPUT'), 'utf8');
    expect(text).not.toContain('outcome=success');
    expect(outputs()).toEqual({ 'blocking-failures': '1', outcome: 'failure' });
    const summary = readFileSync(file('GITHUB_STEP_SUMMARY'), 'utf8');
    expect(summary).not.toContain('All tests passed');
    expect(summary).toMatch(
      /^### ❌ 1 test failed\n\n> \[!CAUTION\]\n> \*\*Something other than flakeguard wrote to the step's outputs \(GITHUB_OUTPUT\) and this summary \(GITHUB_STEP_SUMMARY\) during the step\.\*\* flakeguard removed what it did not write, and the step fails\./,
    );
  });

  it("lines written between flakeguard's own ones, a rewrite of the same size, a removed line, and any write to GITHUB_ENV, GITHUB_PATH or GITHUB_STATE are found too", async () => {
    watchStepFiles();
    setOutput('a', 'one');
    appendFileSync(file('GITHUB_OUTPUT'), 'outcome=success\n');
    setOutput('outcome', 'failure');
    await appendSummary('red\n');
    writeFileSync(file('GITHUB_STEP_SUMMARY'), 'grn\n');
    appendFileSync(file('GITHUB_ENV'), 'NODE_OPTIONS=--require /tmp/evil.js\n');
    appendFileSync(file('GITHUB_PATH'), '/tmp/evil\n');
    expect(checkStepFiles().map((t) => `${t.variable}: ${t.what}`)).toEqual([
      'GITHUB_OUTPUT: 16 bytes more than flakeguard wrote',
      'GITHUB_STEP_SUMMARY: the same size as what flakeguard wrote, other content',
      'GITHUB_ENV: 36 bytes more than flakeguard wrote',
      'GITHUB_PATH: 10 bytes more than flakeguard wrote',
    ]);
    expect(verifyStepFiles()).toBe(false);
    expect(readFileSync(file('GITHUB_ENV'), 'utf8')).toBe('');
    expect(readFileSync(file('GITHUB_PATH'), 'utf8')).toBe('');
    expect(outputs()).toEqual({ a: 'one', outcome: 'failure' });

    watchStepFiles();
    setOutput('outcome', 'success');
    const written = statSync(file('GITHUB_OUTPUT')).size;
    writeFileSync(file('GITHUB_OUTPUT'), '');
    expect(checkStepFiles().map((t) => t.what)).toEqual([`${written} bytes fewer than flakeguard wrote: some of its lines were removed`]);
  });
});

describe('who writes the step files', () => {
  it('no module of src/ but src/github/step-files.ts sets outputs or writes the summary, environment, path or state', () => {
    const offenders: string[] = [];
    const walk = (folder: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && relative(PROJECT_ROOT, path) !== join('src', 'github', 'step-files.ts')) {
          const text = readFileSync(path, 'utf8');
          if (/\bcore\.(setOutput|summary|exportVariable|addPath|saveState)\b/.test(text)) offenders.push(relative(PROJECT_ROOT, path));
        }
      }
    };
    walk(join(PROJECT_ROOT, 'src'));
    expect(offenders).toEqual([]);
  });
});
