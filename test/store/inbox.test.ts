/**
 * Parking and folding against a real bare repository (issue #13): a writer that keeps losing races parks its run
 * on a branch of its own; the next writer folds it in exactly once and deletes the branch. The races here are
 * made deterministic: another writer's commit is pushed right before each of the loser's pushes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataRepo } from '../../src/store/git.ts';
import { runGit } from '../../src/store/git-process.ts';
import { syncRun, type SyncOptions } from '../../src/store/sync.ts';
import { applyRun, type ApplyResult } from '../../src/pipeline/apply.ts';
import { admitParcel, foldParcels, runParcel } from '../../src/pipeline/fold.ts';
import type { SealScope } from '../../src/store/parcel.ts';
import { DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import type { ParsedTestCase, RunContext } from '../../src/model.ts';
import type { Snapshot } from '../../src/store/snapshot.ts';

let root: string;
let remote: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-inbox-'));
  remote = join(root, 'remote.git');
  await runGit(root, ['init', '-q', '--bare', remote]);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const T0 = 1_700_000_000_000;
/** The parking time (the clock, in the action): names sort in the order runs were parked. */
let parkClock = 0;
function job(n: number, attempts = 'P'): { run: RunContext; tests: ParsedTestCase[] } {
  return {
    run: { key: `${n}/test/abc`, runId: String(n), runAttempt: 1, job: 'test', workflow: 'CI', sha: `sha${n}`, ref: 'refs/heads/main', onDefaultBranch: true, event: 'push', time: T0 + n * 60_000 },
    tests: [{ id: 'pkg.S::a', name: 'a', classname: 'pkg.S', suite: 's', report: 'r.xml', attempts: [...attempts].map((c) => ({ status: c === 'P' ? ('passed' as const) : ('failed' as const) })) }],
  };
}

/** The writers' inbox-key (docs/data-branch.md, "Parcels carry provenance"). */
const SEAL: SealScope = { key: 'k', repository: 'o/r', branch: 'data' };

/** One writer's sync, as the default mode wires it. */
async function write(n: number, extra: Partial<SyncOptions<ApplyResult>> = {}) {
  const { run, tests } = job(n);
  const repo = await DataRepo.open(remote, 'data', '', root);
  const logs: string[] = [];
  try {
    const apply = (snapshot: Snapshot) => applyRun({ snapshot, reports: { tests, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'success', run, now: run.time }, DEFAULT_APPLY_OPTIONS);
    const result = await syncRun(repo, apply, {
      attempts: 8,
      readOnly: false,
      commitMessage: `run ${n}`,
      sleep: async () => undefined,
      log: (m) => logs.push(m),
      inbox: {
        parcel: (applied) => runParcel(run, [{ run, tests, jobSucceeded: applied.outcome.result === 'success' }], T0 + ++parkClock, SEAL),
        admit: (parcel) => admitParcel(parcel, { seal: SEAL, branch: 'data' }),
        fold: (snapshot, parcels) => foldParcels(snapshot, parcels, DEFAULT_APPLY_OPTIONS, run.time),
      },
      ...extra,
    });
    return { result, logs };
  } finally {
    await repo.dispose();
  }
}

/** Another writer's commit on the branch (same content, new commit): the next push of anyone else loses the race. */
async function raceCommit(): Promise<void> {
  const tree = (await runGit(root, ['--git-dir', remote, 'rev-parse', 'data^{tree}'])).trim();
  const commit = (await runGit(root, ['--git-dir', remote, '-c', 'user.name=x', '-c', 'user.email=x@x', 'commit-tree', tree, '-p', 'data', '-m', 'another writer'])).trim();
  await runGit(root, ['--git-dir', remote, 'update-ref', 'refs/heads/data', commit]);
}

const show = async (path: string): Promise<string> => runGit(root, ['--git-dir', remote, 'show', `data:${path}`]);
const inboxRefs = async (): Promise<string[]> => (await runGit(root, ['--git-dir', remote, 'for-each-ref', '--format=%(refname)', 'refs/heads/data-inbox/'])).split('\n').filter(Boolean);

describe('parking and folding', () => {
  it('a writer that loses 3 races parks its run; the next writer folds it in exactly once and deletes the branch', async () => {
    expect((await write(1)).result.status.kind).toBe('pushed');
    let pushes = 0;
    const loser = await write(2, {
      beforePush: async () => {
        pushes++;
        await raceCommit();
      },
    });
    expect(loser.result.status).toMatchObject({ kind: 'parked', tries: 3 });
    expect(pushes).toBe(3);
    expect(loser.logs.join('\n')).toMatch(/Parked this run's results on data-inbox\/\d{14}-2-test-a1-[0-9a-f]{10}/);
    const parked = await inboxRefs();
    expect(parked).toHaveLength(1);
    expect(await show('history/00.json')).toContain('"o":"P"');

    const next = await write(3);
    expect(next.result.status).toMatchObject({ kind: 'pushed', folded: [parked[0]!.replace('refs/heads/', '')] });
    expect(next.logs.join('\n')).toMatch(/Folded 1 parked run into data/);
    expect(await inboxRefs()).toEqual([]);
    expect(await show('history/00.json')).toContain('"from":1,"o":"PPP"');
    expect(Object.keys(JSON.parse(await show('flakeguard.json')).ingested).sort()).toEqual(['1/test/abc#1', '2/test/abc#1', '3/test/abc#1']);
  });

  it('a parcel folded twice (its branch re-created after the fold) still counts once', async () => {
    await write(1);
    await write(2, { beforePush: raceCommit });
    const [ref] = await inboxRefs();
    const sha = (await runGit(root, ['--git-dir', remote, 'rev-parse', ref!])).trim();
    await write(3);
    await runGit(root, ['--git-dir', remote, 'update-ref', ref!, sha]);
    const again = await write(4);
    expect(again.result.status).toMatchObject({ kind: 'pushed', folded: [ref!.replace('refs/heads/', '')] });
    expect(await show('history/00.json')).toContain('"from":1,"o":"P*4"');
    expect(await inboxRefs()).toEqual([]);
  });

  it('several parked runs are folded in the order they were parked', async () => {
    await write(1);
    for (const n of [5, 2, 4]) await write(n, { beforePush: raceCommit });
    expect(await inboxRefs()).toHaveLength(3);
    const next = await write(6);
    expect(next.result.status.kind === 'pushed' && next.result.status.folded).toHaveLength(3);
    const runs = JSON.parse(await show('runs.json')).runs as Record<string, [string]>;
    // Sequence numbers follow the order of parking (5, 2, 4), then the writer's own run.
    expect(Object.values(runs).map((r) => r[0])).toEqual(['1/test/abc', '5/test/abc', '2/test/abc', '4/test/abc', '6/test/abc']);
  });

  it('a permanent refusal (a pre-receive hook) is not retried and parks nothing', async () => {
    await write(1);
    const hook = join(remote, 'hooks', 'pre-receive');
    await writeFile(hook, '#!/bin/sh\necho "GH006: Protected branch update failed" >&2\nexit 1\n');
    await chmod(hook, 0o755);
    const refused = await write(2);
    expect(refused.result.status.kind).toBe('not-saved');
    // Named with its fix (ADR 0442); the inbox is tried once, and refused too, never again.
    expect(refused.result.status.kind === 'not-saved' && refused.result.status.reason).toMatch(
      /^the remote refused the push: the branch is protected by a rule \(GH006: Protected branch update failed\)\. Fix: let the step push data and data-inbox\/\* .* Parking the results on data-inbox\/\S+ was refused too \(GH006/,
    );
    expect(refused.result.status.kind === 'not-saved' && refused.result.status.refused).toBe('protected');
    expect(refused.logs.filter((l) => /^Try |trying again/.test(l))).toEqual([]);
    await rm(hook);
    expect(await inboxRefs()).toEqual([]);
  });

  it('a damaged branch is not written; the run is parked and folded in by the first write after the fix', async () => {
    await write(1);
    const head = (await runGit(root, ['--git-dir', remote, 'rev-parse', 'data'])).trim();
    // A person breaks runs.json.
    const clone = join(root, 'clone');
    await runGit(root, ['clone', '-q', '-b', 'data', remote, clone]);
    const good = await show('runs.json');
    await writeFile(join(clone, 'runs.json'), good.slice(0, -5));
    await runGit(clone, ['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-qam', 'oops']);
    await runGit(clone, ['push', '-q', 'origin', 'data']);
    const broken = (await runGit(root, ['--git-dir', remote, 'rev-parse', 'data'])).trim();
    expect(broken).not.toBe(head);

    const damaged = await write(2);
    expect(damaged.result.status).toMatchObject({ kind: 'not-saved', reason: expect.stringMatching(/The data branch is damaged \(runs\.json:\d+: not valid JSON/) });
    expect(damaged.result.status.kind === 'not-saved' && damaged.result.status.parked).toMatch(/^data-inbox\//);
    expect((await runGit(root, ['--git-dir', remote, 'rev-parse', 'data'])).trim()).toBe(broken);

    await writeFile(join(clone, 'runs.json'), good);
    await runGit(clone, ['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-qam', 'fix']);
    await runGit(clone, ['push', '-q', 'origin', 'data']);
    const fixed = await write(3);
    expect(fixed.result.status.kind).toBe('pushed');
    expect(await show('history/00.json')).toContain('"from":1,"o":"PPP"');
    expect(await inboxRefs()).toEqual([]);
  });
});

describe('reading parked runs', () => {
  it('reads parcels and seals in order, gives the size of one too large, and defers the rest once the budget is read', async () => {
    await write(1);
    // Three parked runs, each its own size, parked by hand as the step would (one of them without a seal).
    const repo = await DataRepo.open(remote, 'data', '', root);
    try {
      for (const [name, size, seal] of [
        ['a', 100, 'S'],
        ['b', 5_000, undefined],
        ['c', 100, 'S'],
      ] as const) {
        expect((await repo.park(name, 'x'.repeat(size), 'parked', seal)).pushed).toBe(true);
      }
      const { parked } = await repo.fetchWithInbox(true);
      expect(parked.map((p) => p.ref)).toEqual(['a', 'b', 'c'].map((n) => `refs/heads/data-inbox/${n}`));
      const all = await repo.readParcels(parked, 1_000);
      expect(all.map((f) => [f.text?.length, f.seal, f.bytes, f.deferred])).toEqual([
        [100, 'S', undefined, undefined],
        [undefined, undefined, 5_000, undefined],
        [100, 'S', undefined, undefined],
      ]);
      // A budget of 150 bytes: the first is read whatever its size, the one over `maxBytes` costs nothing, the third waits.
      const budgeted = await repo.readParcels(parked, 10_000, 150);
      expect(budgeted.map((f) => [f.text?.length, f.deferred])).toEqual([
        [100, undefined],
        [undefined, true],
        [undefined, true],
      ]);
      const small = await repo.readParcels(parked, 1_000, 150);
      expect(small.map((f) => [f.text?.length, f.bytes, f.deferred])).toEqual([
        [100, undefined, undefined],
        [undefined, 5_000, undefined],
        [undefined, undefined, true],
      ]);
    } finally {
      await repo.dispose();
    }
  });
});
