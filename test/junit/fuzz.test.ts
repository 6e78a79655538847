/**
 * Property test: real corpus reports, mutated (truncated, bytes inserted/deleted/flipped, tags duplicated,
 * entities and declarations injected), never make the parser throw or hang, and always give either tests or
 * exactly one problem, with every field within its documented bounds.
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReportText } from '../../src/junit/index.ts';
import { DETAILS_CAP, MESSAGE_CAP } from '../../src/junit/junit.ts';
import { CORPUS_DIR, loadManifest } from './corpus.ts';

const WS = '/home/runner/work/repo/repo';
const sources = loadManifest()
  .filter((r) => !r.malformed)
  .map((r) => readFileSync(join(CORPUS_DIR, r.file)));

const INJECTIONS = [
  '<!DOCTYPE x [<!ENTITY a "&#38;a;&#38;a;">]>',
  '<!ENTITY b SYSTEM "file:///etc/passwd">',
  '&a;',
  '&#0;',
  '&#x110000;',
  '&amp',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '\0',
  '\uFEFF',
  '<testcase name="x">',
  '<testcase name="x"><failure message="m">',
  '</testcase>',
  '</testsuite>',
  '<testsuite name="n">',
  '<flakyFailure message="f"><stackTrace>s</stackTrace></flakyFailure>',
  '<rerunError/>',
  ' time="1,234.5"',
  ' name="dup"',
  '<?xml version="1.0" encoding="UTF-16"?>',
  '<?xml version="1.0" encoding="ISO-8859-1"?>',
  '<?xml version="1.0" encoding="nonsense"?>',
  '\xff\xfe',
  '\u{1F600}',
];

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'flip'; at: number; mask: number }
  | { kind: 'duplicate'; at: number; len: number }
  | { kind: 'inject'; at: number; text: string };

// Uniform positions: fast-check's default bias towards 0 would mostly break the XML declaration.
const position = fc.noBias(fc.integer({ min: 0, max: 1_000_000 })).map((n) => n / 1_000_000);
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: position }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: position, bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: position, len: fc.integer({ min: 1, max: 64 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('flip' as const), at: position, mask: fc.integer({ min: 1, max: 255 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at: position, len: fc.integer({ min: 1, max: 400 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('inject' as const), at: position, text: fc.constantFrom(...INJECTIONS) }) },
) as fc.Arbitrary<Mutation>;

function apply(src: Buffer, muts: Mutation[]): Buffer {
  let b = src;
  for (const m of muts) {
    const at = Math.min(b.length, Math.floor(m.at * b.length));
    switch (m.kind) {
      case 'truncate':
        b = b.subarray(0, at);
        break;
      case 'insert':
        b = Buffer.concat([b.subarray(0, at), m.bytes, b.subarray(at)]);
        break;
      case 'delete':
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.len)]);
        break;
      case 'flip':
        if (at < b.length) {
          b = Buffer.from(b);
          b[at] = b[at]! ^ m.mask;
        }
        break;
      case 'duplicate': {
        // Duplicate a slice starting at a tag, e.g. a whole <testcase ...> or a closing tag.
        const lt = b.indexOf(0x3c, at);
        const start = lt === -1 ? at : lt;
        b = Buffer.concat([b.subarray(0, start + m.len), b.subarray(start, start + m.len), b.subarray(start + m.len)]);
        break;
      }
      case 'inject':
        b = Buffer.concat([b.subarray(0, at), Buffer.from(m.text, m.text.startsWith('\xff') ? 'latin1' : 'utf8'), b.subarray(at)]);
        break;
    }
  }
  return b;
}

const STATUSES = new Set(['passed', 'failed', 'error', 'skipped']);
/** FUZZ_RUNS=20000 for a longer local session; the default keeps the suite fast. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

describe('fuzzing with mutated corpus reports', () => {
  // No per-case stopwatch (a loaded machine makes one flaky). A case that hangs or goes superlinear fails this test by
  // its explicit timeout: each case parses one mutated corpus file (at most ~1.3 MB), which takes milliseconds, so the
  // budget of 250 ms per run plus a minute is far above linear work and far below a hang.
  it('never throws or hangs; gives tests or one problem, fields within bounds', { timeout: 60_000 + RUNS * 250 }, () => {
    let withTests = 0;
    let withProblem = 0;
    let slowest = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: sources.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (k, muts) => {
        const bytes = apply(sources[k]!, muts);
        const t0 = performance.now();
        const r = parseReportText(bytes, 'fuzz.xml', { workspace: WS });
        slowest = Math.max(slowest, performance.now() - t0);
        if (r.problems.length > 0) {
          withProblem++;
          expect(r.problems).toHaveLength(1);
          expect(r.tests).toEqual([]);
          const p = r.problems[0]!;
          expect(p.path).toBe('fuzz.xml');
          expect(p.message).not.toMatch(/internal error/);
          expect(p.message.length).toBeGreaterThan(5);
          if (p.line !== undefined) expect(Number.isInteger(p.line) && p.line >= 1).toBe(true);
          if (p.column !== undefined) expect(Number.isInteger(p.column) && p.column >= 1).toBe(true);
        } else {
          withTests++;
        }
        const ids = new Set<string>();
        for (const t of r.tests) {
          expect(ids.has(t.id)).toBe(false);
          ids.add(t.id);
          expect(t.id.endsWith(t.name)).toBe(true);
          expect(t.report).toBe('fuzz.xml');
          expect(t.attempts.length).toBeGreaterThan(0);
          if (t.file !== undefined) {
            expect(t.file).not.toMatch(/^\/|\\|^\.\.\//);
            expect(t.file.length).toBeGreaterThan(0);
          }
          if (t.line !== undefined) expect(Number.isSafeInteger(t.line) && t.line > 0 && t.file !== undefined).toBe(true);
          for (const a of t.attempts) {
            expect(STATUSES.has(a.status)).toBe(true);
            if (a.message !== undefined) expect(a.message.length).toBeLessThanOrEqual(MESSAGE_CAP);
            if (a.type !== undefined) expect(a.type.length).toBeLessThanOrEqual(MESSAGE_CAP);
            if (a.details !== undefined) expect(a.details.length).toBeLessThanOrEqual(DETAILS_CAP);
            if (a.durationSec !== undefined) expect(Number.isFinite(a.durationSec) && a.durationSec >= 0).toBe(true);
          }
        }
        if (r.timestamp !== undefined) expect(r.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }),
      { numRuns: RUNS },
    );
    console.log(`${RUNS} mutated reports parsed; the slowest took ${slowest.toFixed(0)} ms (for information: not asserted)`);
    // The mutations exercise both outcomes (a generator that only ever broke, or never broke, files would be useless).
    expect(withTests).toBeGreaterThan(10);
    expect(withProblem).toBeGreaterThan(10);
  });
});
