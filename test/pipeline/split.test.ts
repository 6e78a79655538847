import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unsplitOverrides } from '../../src/pipeline/split.ts';
import { dataRemote } from '../../src/config/remote.ts';
import type { Decision } from '../../src/policy/quarantine.ts';
import { readInputs } from '../../src/config/inputs.ts';
import { contextFromEnv } from '../../src/config/context.ts';

const decision = (override?: Decision['override']): Decision => ({ quarantined: false, reason: '', evidence: {} as Decision['evidence'], ...(override ? { override } : {}) }) as Decision;

describe('unsplitOverrides', () => {
  it('finds hand overrides that sit on the id a split test had before the split', () => {
    const decisions = new Map<string, Decision>([
      ['pkg.T::a', decision({ action: 'quarantine' })],
      ['pkg.T::b', decision()],
      ['pkg.T::a [os=windows-latest]', decision()],
    ]);
    const ids = ['pkg.T::a [os=windows-latest]', 'pkg.T::b [os=windows-latest]', 'pkg.T::c'];
    expect(unsplitOverrides(ids, '{"os":"windows-latest"}', { decisions, shards: 1 })).toEqual([['pkg.T::a', 'stats/00.json', 'pkg.T::a [os=windows-latest]', 'stats/00.json']]);
    expect(unsplitOverrides(ids, '', { decisions, shards: 1 })).toEqual([]);
    expect(unsplitOverrides(ids, '{"os":"ubuntu-latest"}', { decisions, shards: 1 })).toEqual([]);
  });
});

describe('dataRemote', () => {
  it('uses data-remote, else origin, else this repository on the GitHub server (no checkout needed)', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-checkout-'));
    try {
      const ctx = contextFromEnv({ GITHUB_WORKSPACE: empty, GITHUB_REPOSITORY: 'octo/project', GITHUB_SERVER_URL: 'https://github.com' });
      const inputs = readInputs((n) => (n === 'reports' ? 'x' : ''));
      expect(await dataRemote(inputs, ctx)).toBe('https://github.com/octo/project.git');
      expect(await dataRemote({ ...inputs, remote: 'git://example/r.git' }, ctx)).toBe('git://example/r.git');
      expect(await dataRemote({ ...inputs, remote: 'local.git' }, ctx)).toBe(join(empty, 'local.git'));
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
