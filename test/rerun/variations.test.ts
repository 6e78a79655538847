import { describe, expect, it } from 'vitest';
import { aloneArms, BASELINE_ENV, busyCount, presetSeed, seedEnv, SEED_PRELOAD } from '../../src/rerun/variations.ts';
import { findPreset } from '../../src/rerun/presets/index.ts';
import type { RerunTest } from '../../src/rerun/contract.ts';

const test1: RerunTest = { id: 'src/a.test.ts::a > b', classname: 'src/a.test.ts', name: 'a > b', file: 'src/a.test.ts' };
const argvOf = (preset: string, seed?: string): string[] =>
  findPreset(preset)!
    .commands([test1], '/tmp/r.xml', 1, seed !== undefined ? { seed } : {})
    .at(-1)!.argv;

describe('the variations', () => {
  it('change one thing each from the baseline', () => {
    const arms = aloneArms(2);
    expect(arms.map((a) => a.variation)).toEqual(['rest', 'tz', 'lang', 'contention']);
    expect(arms[0]!.env).toEqual(BASELINE_ENV);
    expect(arms[1]!.env).toEqual({ ...BASELINE_ENV, TZ: 'Pacific/Kiritimati' });
    expect(arms[2]!.env).toEqual({ ...BASELINE_ENV, LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' });
    expect(arms[3]).toMatchObject({ env: BASELINE_ENV, busy: busyCount(2) });
    expect(arms.slice(0, 3).every((a) => a.busy === 0)).toBe(true);
  });

  it('seed Math.random through NODE_OPTIONS, keeping the options there were', () => {
    const env = seedEnv('3', '/tmp/x y/seed.mjs', '--max-old-space-size=4096');
    expect(env.FLAKEGUARD_RERUN_SEED).toBe('3');
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=4096 --import="file:///tmp/x%20y/seed.mjs"');
    // The preload's generator: the same seed gives the same numbers, another seed others.
    const draw = (seed: string): number[] => {
      const saved = Math.random;
      const saved2 = process.env.FLAKEGUARD_RERUN_SEED;
      process.env.FLAKEGUARD_RERUN_SEED = seed;
      try {
        new Function(SEED_PRELOAD.replace('process.env', 'globalThis.process.env'))();
        return [Math.random(), Math.random()];
      } finally {
        Math.random = saved;
        if (saved2 === undefined) delete process.env.FLAKEGUARD_RERUN_SEED;
        else process.env.FLAKEGUARD_RERUN_SEED = saved2;
      }
    };
    expect(draw('1')).toEqual(draw('1'));
    expect(draw('1')).not.toEqual(draw('2'));
  });

  it("reach the presets' own seed options, and only as a whole number", () => {
    expect(argvOf('vitest', '4')).toEqual(expect.arrayContaining(['--sequence.shuffle', '--sequence.seed=4']));
    expect(argvOf('jest', '4')).toEqual(expect.arrayContaining(['--randomize', '--seed=4']));
    expect(argvOf('gotestsum', '4')).toContain('-shuffle=4');
    for (const preset of ['vitest', 'jest', 'gotestsum']) {
      expect(argvOf(preset).join(' ')).not.toMatch(/seed|shuffle/);
      expect(argvOf(preset, '--config=evil.js').join(' ')).not.toContain('evil');
    }
    expect(presetSeed({ seed: '12' })).toBe('12');
    expect(presetSeed({ seed: '1 2' })).toBeUndefined();
  });
});

describe('startBusy', () => {
  it('resolves once every busy process has started its loop, and stop leaves none', async () => {
    const { startBusy } = await import('../../src/rerun/variations-busy.ts');
    const { existsSync } = await import('node:fs');
    const { execFileSync } = await import('node:child_process');
    const busy = await startBusy(2);
    const pids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => s !== '' && existsSync(`/proc/${s}/cmdline`) && execFileSync('cat', [`/proc/${s}/cmdline`], { encoding: 'utf8' }).includes('spinning'));
    expect(pids).toHaveLength(2);
    await busy.stop();
    expect(pids.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]);
  }, 30_000);
});
