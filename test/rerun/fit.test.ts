/**
 * A round's selection fitted into the operating system's limits on a command line (src/rerun/fit.ts): the limits
 * as the kernel applies them (measured: spawned for real), and the split of a selection that does not fit.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RerunTest } from '../../src/rerun/contract.ts';
import { argvProblem, fitSelection, MAX_ARG_BYTES, MAX_ARGV_BYTES } from '../../src/rerun/fit.ts';
import { PRESETS } from '../../src/rerun/presets/index.ts';

const REPORT = '/tmp/flakeguard-rerun/part-100/round-1/report.xml';

describe('the limits', () => {
  it('one argument: at most MAX_ARG_BYTES with its NUL, as Linux spawns it', () => {
    expect(argvProblem(['x', 'y'.repeat(MAX_ARG_BYTES - 1)])).toBeUndefined();
    expect(argvProblem(['x', 'y'.repeat(MAX_ARG_BYTES)])).toMatch(/^over the operating system's limit for one argument \(131,072 bytes; at most 131,071\)$/);
    // Bytes, not characters: 'é' is two.
    expect(argvProblem(['x', 'é'.repeat(MAX_ARG_BYTES / 2)])).toBeDefined();
    if (process.platform === 'linux') {
      expect(spawnSync('/bin/true', ['y'.repeat(MAX_ARG_BYTES - 1)]).status).toBe(0);
      expect(() => {
        const r = spawnSync('/bin/true', ['y'.repeat(MAX_ARG_BYTES)]);
        if (r.error) throw r.error;
      }).toThrow(/E2BIG/);
    }
  });

  it('all the arguments of one command: at most MAX_ARGV_BYTES', () => {
    const many = Array.from({ length: 6 }, () => 'y'.repeat(100 * 1024));
    expect(argvProblem(many)).toMatch(/^over the limit for all the arguments of one command \(\d{3},\d{3} bytes; at most 524,288\)$/);
    expect(argvProblem(many.slice(0, 5))).toBeUndefined();
    expect(MAX_ARGV_BYTES).toBe(512 * 1024);
  });
});

describe('fitSelection', () => {
  const test = (i: number, extra: Partial<RerunTest> = {}): RerunTest => {
    const name = `t${i} ${'x'.repeat(1000)}`;
    return { id: `tests/big.spec.ts::${name}`, classname: 'tests/big.spec.ts', name, ...extra };
  };

  it('a selection that fits is one part, built once', () => {
    let calls = 0;
    const tests = Array.from({ length: 20 }, (_, i) => test(i));
    const fitted = fitSelection(tests, (part) => {
      calls++;
      return PRESETS.get('playwright')!.commands(part, REPORT, 1);
    });
    expect(fitted).toEqual({ parts: [tests], unfit: [] });
    expect(calls).toBe(1);
  });

  it('every preset: a selection over the limits is split into parts that fit, every test in exactly one, in order', () => {
    const tests = Array.from({ length: 700 }, (_, i) => test(i, { file: `tests/${'d'.repeat(900)}${i}.spec.ts`, suite: 's' }));
    for (const preset of PRESETS.values()) {
      const fitted = fitSelection(tests, (part) => preset.commands(part, REPORT, 1));
      expect(fitted.unfit, preset.name).toEqual([]);
      expect(fitted.parts.flat(), preset.name).toEqual(tests);
      for (const part of fitted.parts) for (const c of preset.commands(part, REPORT, 1)) expect(argvProblem(c.argv), preset.name).toBeUndefined();
    }
    // The presets that put a pattern or each name on the command line needed several parts.
    const parts = (name: string) => fitSelection(tests, (part) => PRESETS.get(name)!.commands(part, REPORT, 1)).parts.length;
    for (const name of ['vitest', 'jest', 'mocha', 'node-test', 'pytest', 'gotestsum', 'rspec', 'playwright', 'dotnet', 'phpunit', 'nextest']) expect(parts(name), name).toBeGreaterThan(1);
  });

  it('a test whose commands alone do not fit is set aside with why; the rest still run', () => {
    // node-test passes each test's file as an argument: the second one's is over the limit for one argument.
    const tests = [test(1, { file: 'tests/a.test.js' }), test(2, { file: `tests/${'d'.repeat(140_000)}.test.js` }), test(3, { file: 'tests/b.test.js' })];
    const fitted = fitSelection(tests, (part) => PRESETS.get('node-test')!.commands(part, REPORT, 1));
    expect(fitted.unfit.map((u) => u.item)).toEqual([tests[1]]);
    expect(fitted.unfit[0]!.why).toMatch(/^over the operating system's limit for one argument/);
    expect(fitted.parts).toEqual([[tests[0]], [tests[2]]]);
  });
});
