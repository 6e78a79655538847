/**
 * The pure parts of the real-suites harness (scripts/suites/index.ts): the manifest's validation, the report's
 * `<testcase>` scanner and flipper, the sample, and the per-test round-trip verdicts. No I/O here.
 */

/** The presets the harness measures (the runners this machine can run). */
export const SUITE_PRESETS = ['vitest', 'jest', 'mocha', 'node-test', 'pytest', 'gotestsum'] as const;
export type SuitePreset = (typeof SUITE_PRESETS)[number];

export interface Suite {
  /** Folder name under .suites/: letters, digits, `.`, `_`, `-`. */
  name: string;
  /** `owner/name` of the public repository. */
  repo: string;
  /** The commit the figures were measured on: 40 hex digits. */
  commit: string;
  preset: SuitePreset;
  /** Commands (argv, no shell) run once in the checkout before the suite: dependencies from the registry. */
  install: string[][];
  /** The suite's own run (argv, no shell), writing one JUnit report to `report`. */
  run: string[];
  /** The report's path relative to the checkout. */
  report: string;
  /** Extra environment for the install, the run and flakeguard's re-runs. */
  env?: Record<string, string>;
  /** Why this suite, and anything it needed: one line for the docs. */
  note?: string;
  /** Where `--probe` writes its test file (JavaScript runners), relative to the checkout. */
  probe?: string;
  /** Whether the probe file is appended to `run` (a run that names its test files). */
  probeArg?: boolean;
}

export interface Manifest {
  suites: Suite[];
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const REPO = /^[A-Za-z0-9][A-Za-z0-9_-]{0,38}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const COMMIT = /^[0-9a-f]{40}$/;

function isArgv(v: unknown): v is string[] {
  return Array.isArray(v) && v.length > 0 && v.every((a) => typeof a === 'string');
}

/** Checks a parsed manifest; throws one error naming every problem (`suites[i].field: what is wrong`). */
export function validateManifest(value: unknown): Manifest {
  const problems: string[] = [];
  const suites = (value as { suites?: unknown } | null)?.suites;
  if (typeof value !== 'object' || value === null || !Array.isArray(suites)) throw new Error('manifest: an object with a "suites" array is expected');
  const names = new Set<string>();
  suites.forEach((s: unknown, i) => {
    const at = `suites[${i}]`;
    if (typeof s !== 'object' || s === null) {
      problems.push(`${at}: an object is expected`);
      return;
    }
    const o = s as Record<string, unknown>;
    if (typeof o.name !== 'string' || !NAME.test(o.name)) problems.push(`${at}.name: letters, digits, ".", "_", "-" (1–64) expected`);
    else if (names.has(o.name)) problems.push(`${at}.name: "${o.name}" appears twice`);
    else names.add(o.name);
    if (typeof o.repo !== 'string' || !REPO.test(o.repo)) problems.push(`${at}.repo: "owner/name" expected`);
    if (typeof o.commit !== 'string' || !COMMIT.test(o.commit)) problems.push(`${at}.commit: 40 lowercase hex digits expected`);
    if (typeof o.preset !== 'string' || !(SUITE_PRESETS as readonly string[]).includes(o.preset)) problems.push(`${at}.preset: one of ${SUITE_PRESETS.join(', ')} expected`);
    if (!Array.isArray(o.install) || !o.install.every(isArgv)) problems.push(`${at}.install: a list of non-empty argv lists expected`);
    if (!isArgv(o.run)) problems.push(`${at}.run: a non-empty argv list expected`);
    if (typeof o.report !== 'string' || o.report === '' || o.report.startsWith('/') || o.report.split('/').includes('..')) problems.push(`${at}.report: a relative path inside the checkout expected`);
    if (o.env !== undefined && (typeof o.env !== 'object' || o.env === null || Object.values(o.env).some((v) => typeof v !== 'string'))) problems.push(`${at}.env: an object of strings expected`);
    if (o.note !== undefined && typeof o.note !== 'string') problems.push(`${at}.note: a string expected`);
    if (o.probe !== undefined && (typeof o.probe !== 'string' || o.probe.startsWith('/') || o.probe.split('/').includes('..') || !PROBE_PRESETS.includes(o.preset as SuitePreset)))
      problems.push(`${at}.probe: a relative path inside the checkout, for ${PROBE_PRESETS.join(', ')} only`);
    if (o.probeArg !== undefined && typeof o.probeArg !== 'boolean') problems.push(`${at}.probeArg: true or false expected`);
    const known = new Set(['name', 'repo', 'commit', 'preset', 'install', 'run', 'report', 'env', 'note', 'probe', 'probeArg']);
    for (const k of Object.keys(o)) if (!known.has(k)) problems.push(`${at}: unknown field "${k}"`);
  });
  if (problems.length > 0) throw new Error(`manifest:\n  ${problems.join('\n  ')}`);
  return value as Manifest;
}

/** The presets whose runners take the probe file (scripts/suites `--probe`). */
export const PROBE_PRESETS: readonly SuitePreset[] = ['vitest', 'jest', 'mocha', 'node-test'];

/**
 * The probe's test titles, as JavaScript string literals' contents: control characters (NUL first in a title, an ANSI
 * sequence, BEL and SOH) and twins (two tests with one title, a table test without a placeholder). Every test passes.
 */
export const PROBE_TITLES = ['\\u0000starts with a NUL', 'has \\u001b[1mbold\\u001b[22m inside', 'rings \\u0007 and \\u0001 too', 'twin title', 'twin title'];

/** A test file for the runner of `preset` holding the probe's tests (each passes), in a describe `flakeguard probe`. */
export function probeSource(preset: SuitePreset): string {
  const titles = PROBE_TITLES.map((t) => `'${t}'`);
  switch (preset) {
    case 'vitest':
      return `import { describe, expect, it } from 'vitest';\ndescribe('flakeguard probe', () => {\n${titles.map((t) => `  it(${t}, () => expect(1).toBe(1));`).join('\n')}\n  it.each([1, 2])('table row', (n) => expect(n).toBeGreaterThan(0));\n});\n`;
    case 'jest':
      return `describe('flakeguard probe', () => {\n${titles.map((t) => `  it(${t}, () => expect(1).toBe(1));`).join('\n')}\n  it.each([1, 2])('table row', (n) => expect(n).toBeGreaterThan(0));\n});\n`;
    case 'mocha':
      return `const assert = require('assert');\ndescribe('flakeguard probe', function () {\n${titles.map((t) => `  it(${t}, function () { assert.strictEqual(1, 1); });`).join('\n')}\n  [1, 2].forEach(function (n) { it('table row', function () { assert.ok(n > 0); }); });\n});\n`;
    case 'node-test':
      return `const { describe, it } = require('node:test');\nconst assert = require('node:assert');\ndescribe('flakeguard probe', () => {\n${titles.map((t) => `  it(${t}, () => assert.strictEqual(1, 1));`).join('\n')}\n  for (const n of [1, 2]) it('table row', () => assert.ok(n > 0));\n});\n`;
    default:
      throw new Error(`no probe for ${preset}`);
  }
}

/** One `<testcase>` element of a report, as offsets into the text. */
export interface TestcaseSpan {
  /** Offset of `<testcase`. */
  start: number;
  /** Offset just past the element (`/>` or `</testcase>`). */
  end: number;
  /** Offset just past the start tag's `>`. */
  openEnd: number;
  selfClosing: boolean;
  /** Whether the element holds a `<failure`, `<error` or `<skipped` child: not a pass. */
  passed: boolean;
}

/**
 * Finds every `<testcase>` element of a JUnit report (quoted attribute values may hold `>` and `/`). Testcases do not
 * nest. Throws on a start tag or element that never ends.
 */
export function scanTestcases(xml: string): TestcaseSpan[] {
  const out: TestcaseSpan[] = [];
  let i = 0;
  for (;;) {
    const start = xml.indexOf('<testcase', i);
    if (start < 0) return out;
    const after = xml[start + 9];
    if (after !== undefined && !/[\s/>]/.test(after)) {
      i = start + 9;
      continue;
    }
    let j = start + 9;
    let quote = '';
    for (; j < xml.length; j++) {
      const ch = xml[j]!;
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '>') break;
    }
    if (j >= xml.length) throw new Error(`a <testcase> start tag at offset ${start} never ends`);
    const openEnd = j + 1;
    if (xml[j - 1] === '/') {
      out.push({ start, end: openEnd, openEnd, selfClosing: true, passed: true });
      i = openEnd;
      continue;
    }
    const close = xml.indexOf('</testcase>', openEnd);
    if (close < 0) throw new Error(`the <testcase> at offset ${start} is never closed`);
    const body = xml.slice(openEnd, close);
    const passed = !/<(failure|error|skipped)[\s/>]/.test(body);
    out.push({ start, end: close + 11, openEnd, selfClosing: false, passed });
    i = close + 11;
  }
}

/**
 * The failure the harness writes into the k-th testcase it marks failed. Each message differs (by letters, which a
 * message normaliser keeps, where it would fold digits and hex), so the marked tests never read as one outage.
 */
export function mark(k: number): string {
  const letters = 'ghijklmnopqrstuvwxyz';
  let tag = '';
  let n = k;
  do {
    tag = letters[n % letters.length]! + tag;
    n = Math.floor(n / letters.length);
  } while (n > 0);
  const message = `marked failed by the suites harness, case ${tag}`;
  return `<failure message="${message}" type="SuitesHarness">${message}</failure>`;
}

/** The report with the testcases at `indices` (into scanTestcases' list, each a pass) marked failed. */
export function flipToFailed(xml: string, indices: Iterable<number>): string {
  const spans = scanTestcases(xml);
  const chosen = [...new Set(indices)].sort((a, b) => a - b);
  let out = '';
  let at = 0;
  for (const k of chosen) {
    const s = spans[k];
    if (s === undefined) throw new Error(`no testcase #${k} (the report has ${spans.length})`);
    if (!s.passed) throw new Error(`testcase #${k} did not pass: only passes are marked`);
    if (s.selfClosing) {
      const tag = xml.slice(s.start, s.end - 2).replace(/\s+$/, '');
      out += xml.slice(at, s.start) + `${tag}>${mark(k)}</testcase>`;
    } else {
      out += xml.slice(at, s.openEnd) + mark(k);
      at = s.openEnd;
      continue;
    }
    at = s.end;
  }
  return out + xml.slice(at);
}

/**
 * The report with each testcase that failed or errored replaced by a skipped one (its attributes kept): the harness's
 * `--skip-failures`, for a suite whose own failures on this machine would be re-run in every batch (and, with mocha,
 * can keep the process from exiting).
 */
export function skipFailures(xml: string): string {
  let out = '';
  let at = 0;
  for (const s of scanTestcases(xml)) {
    if (s.passed || !/<(failure|error)[\s/>]/.test(xml.slice(s.openEnd, s.end))) continue;
    const tag = xml.slice(s.start, s.openEnd - 1).replace(/\s*\/?$/, '');
    out += xml.slice(at, s.start) + `${tag}><skipped message="failed in the original run, left out by the suites harness"/></testcase>`;
    at = s.end;
  }
  return out + xml.slice(at);
}

/** Up to `k` of `0..n-1`, evenly spaced (deterministic), plus every index of `always`. Sorted. */
export function sample(n: number, k: number, always: Iterable<number> = []): number[] {
  const set = new Set<number>();
  if (k >= n) for (let i = 0; i < n; i++) set.add(i);
  else for (let j = 0; j < k; j++) set.add(Math.floor((j * n) / k));
  for (const a of always) if (a >= 0 && a < n) set.add(a);
  return [...set].sort((a, b) => a - b);
}

/** C0 control characters and DEL other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlChar(s: string): boolean {
  return CONTROL.test(s);
}

/** Control characters in a report's raw text, written raw or as character references. */
export function controlCharsInXml(xml: string): number {
  let n = 0;
  // eslint-disable-next-line no-control-regex
  for (const _ of xml.matchAll(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)) n++;
  for (const m of xml.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const code = m[1]!.startsWith('x') ? parseInt(m[1]!.slice(1), 16) : parseInt(m[1]!, 10);
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 13) || code === 0x7f) n++;
  }
  return n;
}

export type Verdict = 'round-trip' | 'consistent' | 'exhausted' | 'unanswered' | 'not re-run';

/** What one batch's step said, as the harness reads its outputs. */
export interface StepOutputs {
  provenFlaky: readonly string[];
  rerunTests: readonly string[];
  /** consistent-failures-json: id → verdict and why. */
  blocking: ReadonlyMap<string, { verdict: string; why: string }>;
}

/**
 * The verdict for one marked test: `round-trip` when the re-run proved it flaky (its preset found it, ran it and it
 * passed), else why not.
 */
export function verdictFor(id: string, out: StepOutputs): { verdict: Verdict; why?: string } {
  if (out.provenFlaky.includes(id)) return { verdict: 'round-trip' };
  const b = out.blocking.get(id);
  if (b) {
    const v = b.verdict === 'consistent' || b.verdict === 'exhausted' || b.verdict === 'unanswered' ? b.verdict : 'unanswered';
    return { verdict: v, why: b.why };
  }
  if (!out.rerunTests.includes(id)) return { verdict: 'not re-run' };
  return { verdict: 'unanswered', why: 're-run, neither proven flaky nor listed as blocking' };
}

/** Reads the outputs of the step (JSON text as the action writes them). */
export function readStepOutputs(outputs: Record<string, string>): StepOutputs {
  const list = (k: string): string[] => (outputs[k] ? (JSON.parse(outputs[k]) as string[]) : []);
  const blocking = new Map<string, { verdict: string; why: string }>();
  if (outputs['consistent-failures-json']) {
    for (const e of JSON.parse(outputs['consistent-failures-json']) as { id: string; verdict: string; why: string }[]) blocking.set(e.id, { verdict: e.verdict, why: e.why });
  }
  return { provenFlaky: list('proven-flaky'), rerunTests: list('rerun-tests'), blocking };
}
