/**
 * How big the data branch gets: N simulated runs of a T-test suite, each applied with the action's own pure
 * pipeline (applyRun) and committed to a real git repository the way the action commits (compaction included),
 * then a fresh full clone and a depth-1 clone are measured.
 *
 *   node scripts/bench/branch-size.ts [runs=500] [tests=10000] [compactEvery=compactEveryFor(tests)]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyRun, compactEveryFor } from '../../src/pipeline/apply.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../../src/history/merge.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { parseSnapshot, readSnapshotDir, writeSnapshotDir } from '../../src/store/snapshot.ts';
import type { Attempt, ParsedTestCase } from '../../src/model.ts';

export interface BranchSizeResult {
  runs: number;
  tests: number;
  compactEvery: number;
  /** A fresh full clone after the last run. */
  fullCloneBytes: number;
  /** The largest full clone seen: measured right before each compaction, when the branch is longest. */
  worstFullCloneBytes: number;
  depth1Bytes: number;
  /** Growth of the full clone per run between two compactions. */
  perRunBytes: number;
  commitsOnBranch: number;
  largestStatsFileBytes: number;
  seconds: number;
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' },
  });
}

/** Deterministic pseudo-random numbers, so that two measurements see the same world. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function packBytes(repo: string): number {
  const out = git(repo, ['count-objects', '-v']);
  const kib = (name: string) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(out)?.[1] ?? 0);
  return (kib('size') + kib('size-pack')) * 1024;
}

export async function benchBranchSize(runs = 500, tests = 10_000, compactEvery = compactEveryFor(tests)): Promise<BranchSizeResult> {
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'flakeguard-size-'));
  const work = join(root, 'work');
  try {
    git(root, ['init', '-q', '-b', 'data', work]);
    const random = rng(42);
    // 3% of tests are flaky at 2–30%; messages vary a little, durations a lot.
    const flakyRate = Array.from({ length: tests }, () => (random() < 0.03 ? 0.02 + random() * 0.28 : 0));
    const ids = Array.from({ length: tests }, (_, i) => `com.example.module${i % 40}.Feature${Math.floor(i / 40) % 25}Test::test case number ${i}`);
    let worstFullCloneBytes = 0;
    let afterCompactionBytes = 0;
    let perRunBytes = 0;
    let writesSinceCompaction = 0;
    for (let n = 1; n <= runs; n++) {
      const time = Date.UTC(2026, 0, 1) + n * 3_600_000;
      const parsed: ParsedTestCase[] = ids.map((id, i) => {
        const [classname, name] = id.split('::') as [string, string];
        const attempts: Attempt[] = [];
        const fails = flakyRate[i]! > 0 && random() < flakyRate[i]!;
        if (fails) attempts.push({ status: 'failed', message: `Timeout after ${1000 + Math.floor(random() * 9000)}ms waiting for element #${i}`, durationSec: Math.round(random() * 5000) / 1000 });
        attempts.push({ status: 'passed', durationSec: Math.round(random() * 2000) / 1000 });
        return { id, name, classname, suite: classname, report: 'r.xml', attempts };
      });
      const snapshot = parseSnapshot(await readSnapshotDir(work));
      const result = applyRun(
        {
          snapshot,
          reports: { tests: parsed, problems: [], filesRead: 1 },
          filesMatched: 1,
          testOutcome: '',
          run: {
            key: `${9000 + n}/test/abc`,
            runId: String(9000 + n),
            runAttempt: 1,
            job: 'test',
            workflow: 'CI',
            sha: `sha${n}`,
            ref: 'refs/heads/main',
            onDefaultBranch: true,
            event: 'push',
            time,
            url: `https://github.com/o/r/actions/runs/${9000 + n}/attempts/1`,
          },
          now: time,
        },
        { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, compactEvery, normalise: normalizeErrorMessage, scoreTests: statsScores(time) },
      );
      if (result.compact && n > 1) {
        // The branch is at its longest right before it is squashed.
        const before = measureClone(root, work, false);
        worstFullCloneBytes = Math.max(worstFullCloneBytes, before);
        if (afterCompactionBytes > 0 && writesSinceCompaction > 0) perRunBytes = Math.round((before - afterCompactionBytes) / writesSinceCompaction);
      }
      await writeSnapshotDir(work, result.files);
      git(work, ['add', '-A']);
      if (result.compact) {
        const tree = git(work, ['write-tree']).trim();
        const commit = git(work, ['commit-tree', tree, '-m', `run ${n} (compacted)`]).trim();
        git(work, ['update-ref', 'HEAD', commit]);
        git(work, ['reflog', 'expire', '--expire=now', '--all']);
        git(work, ['gc', '-q', '--prune=now']);
        afterCompactionBytes = measureClone(root, work, false);
        writesSinceCompaction = 0;
      } else {
        git(work, ['commit', '-q', '-m', `run ${n}`]);
        writesSinceCompaction++;
      }
      if (n % 50 === 0) process.stderr.write(`  ${n}/${runs} runs (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
    const fullCloneBytes = measureClone(root, work, false);
    worstFullCloneBytes = Math.max(worstFullCloneBytes, fullCloneBytes);
    const depth1Bytes = measureClone(root, work, true);
    if (perRunBytes === 0 && writesSinceCompaction > 0) perRunBytes = Math.round((fullCloneBytes - (afterCompactionBytes || depth1Bytes)) / writesSinceCompaction);
    const files = await readSnapshotDir(work);
    const largestStatsFileBytes = Math.max(...[...files].filter(([p]) => p.startsWith('stats/')).map(([, t]) => Buffer.byteLength(t)));
    return {
      runs,
      tests,
      compactEvery,
      fullCloneBytes,
      worstFullCloneBytes,
      depth1Bytes,
      perRunBytes,
      commitsOnBranch: Number(git(work, ['rev-list', '--count', 'HEAD']).trim()),
      largestStatsFileBytes,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function measureClone(root: string, work: string, shallow: boolean): number {
  const target = join(root, `clone-${shallow ? 'shallow' : 'full'}-${Date.now()}`);
  git(root, ['clone', '-q', '--bare', '--single-branch', '-b', 'data', ...(shallow ? ['--depth=1'] : []), `file://${work}`, target]);
  const bytes = packBytes(target);
  rmSync(target, { recursive: true, force: true });
  return bytes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [runs, tests, compactEvery] = process.argv.slice(2).map(Number);
  const result = await benchBranchSize(runs || 500, tests || 10_000, compactEvery || compactEveryFor(tests || 10_000));
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  console.log(`${result.runs} runs × ${result.tests} tests, compaction every ${result.compactEvery} writes (${result.seconds} s):`);
  console.log(`  full clone        ${mb(result.fullCloneBytes)} (${result.commitsOnBranch} commits on the branch)`);
  console.log(`  largest full clone ${mb(result.worstFullCloneBytes)} (right before a compaction)`);
  console.log(`  depth-1 fetch     ${mb(result.depth1Bytes)}`);
  console.log(`  growth per run    ${(result.perRunBytes / 1024).toFixed(1)} KB`);
  console.log(`  largest stats file ${(result.largestStatsFileBytes / 1024).toFixed(0)} KB`);
  console.log(JSON.stringify(result));
}
