/**
 * What a clean run's push sends, by kind of file (history busy and quiet files, stats, the rest): a clean run applied
 * in process to a generated branch (the step bench's cache), committed by DataRepo in a private depth-1 clone as the
 * step does, then packed as `git push` packs it (send-pack's `pack-objects --revs --thin` against the remote's head)
 * with the push's own options (PUSH_PACK_CONFIG: deltas against the remote's version of each path) and with
 * `pack.window` 0 (every changed file whole), each pack indexed (`index-pack --fix-thin`) and read back
 * (`verify-pack -v`) for the bytes of each object. The CPU of each pack-objects (user + system, from GNU time when
 * /usr/bin/time exists) is the median of `--repeat` runs. docs/benchmarks.md, "The 100k push".
 *
 *   node_modules/.bin/node scripts/bench/push-breakdown.ts .bench/cache/branch-100000t-200r-<…>.git 100000 [--runs 200] [--repeat 3]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSuite, runContextOf } from './step.ts';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { DataRepo, PUSH_PACK_CONFIG } from '../../src/store/git.ts';

const repoArg = resolve(process.argv[2]!);
const tests = Number(process.argv[3]);
const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const runs = option('--runs', 200);
const repeat = option('--repeat', 3);
const git = (dir: string, args: string[], input?: Buffer | string): Buffer => execFileSync('git', ['--git-dir', dir, ...args], { maxBuffer: 1 << 30, ...(input !== undefined ? { input } : {}) });
const kindOf = (path: string): string => (path.startsWith('history/quiet-') ? 'quiet' : path.startsWith('history/') ? 'busy' : path.startsWith('stats/') ? 'stats' : path);

const root = mkdtempSync(join(tmpdir(), 'flakeguard-push-breakdown-'));
try {
  const repo = await DataRepo.open(repoArg, 'flakeguard-data', '', root);
  const head = await repo.fetchAndReset();
  if (!head) throw new Error(`${repoArg} has no branch flakeguard-data`);
  const t0 = Date.now();
  const files = await repo.readFiles();
  const snapshot = parseSnapshot(files);
  const t1 = Date.now();
  const suite = buildSuite(tests);
  const run = runContextOf(runs, runs, Date.UTC(2026, 10, 27));
  const ctx = { ...run, time: run.time + 3_600_000, key: 'bench/next', runId: '99' };
  const result = applyRun(
    {
      snapshot,
      reports: {
        tests: suite.map((t) => ({ id: t.id, name: t.name, classname: t.classname, suite: t.classname, file: t.file, report: 'r.xml', attempts: [{ status: 'passed' as const, durationSec: 0.01 }] })),
        problems: [],
        filesRead: 1,
      },
      filesMatched: 1,
      testOutcome: 'success',
      run: ctx,
      now: ctx.time + 60_000,
    },
    { ...DEFAULT_APPLY_OPTIONS, normalise: normalizeErrorMessage, scoreTests: statsScores(ctx.time) },
  );
  const t2 = Date.now();
  const raw = new Map<string, [number, number]>();
  for (const [path, text] of result.files) {
    if (files.get(path) === text) continue;
    const k = raw.get(kindOf(path)) ?? [0, 0];
    raw.set(kindOf(path), [k[0] + 1, k[1] + Buffer.byteLength(text)]);
  }
  await repo.commitFiles(result.files, 'push breakdown');
  console.log(`read ${t1 - t0} ms, apply ${t2 - t1} ms`);
  const written = 'refs/heads/flakeguard-write';
  const paths = new Map(
    git(repo.dir, ['ls-tree', '-r', written])
      .toString()
      .trim()
      .split('\n')
      .map((line) => [line.split(/\s+/)[2]!, line.slice(line.indexOf('\t') + 1)] as const),
  );
  // Where each pack is indexed: a repository that borrows the remote head's objects, the bases of a thin pack.
  const scratch = join(root, 'scratch.git');
  execFileSync('git', ['init', '-q', '--bare', scratch]);
  writeFileSync(join(scratch, 'objects/info/alternates'), `${join(repo.dir, 'objects')}\n`);
  const configs: Array<[string, ReadonlyArray<readonly [string, string]>]> = [
    ['whole (pack.window 0)', [['pack.window', '0']]],
    [`as pushed (${PUSH_PACK_CONFIG.map(([k, v]) => `${k} ${v}`).join(', ')})`, PUSH_PACK_CONFIG],
  ];
  const sent = new Map<string, Map<string, [number, number]>>();
  for (const [name, config] of configs) {
    const args = [
      ...config.flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      '--git-dir',
      repo.dir,
      'pack-objects',
      '--all-progress-implied',
      '--revs',
      '--stdout',
      '--thin',
      '--delta-base-offset',
      '-q',
      '--shallow',
    ];
    const input = `${written}\n^${head}\n`;
    const cpu: number[] = [];
    let pack = Buffer.alloc(0);
    for (let i = 0; i < repeat; i++) {
      const timed = existsSync('/usr/bin/time');
      const child = spawnSync(timed ? '/usr/bin/time' : 'git', timed ? ['-f', 'cpu %U %S', 'git', ...args] : args, { input, maxBuffer: 1 << 30 });
      if (child.status !== 0) throw new Error(`pack-objects failed: ${child.stderr.toString()}`);
      pack = child.stdout;
      const m = /cpu ([\d.]+) ([\d.]+)/.exec(child.stderr.toString());
      if (m) cpu.push(Math.round((Number(m[1]) + Number(m[2])) * 1000));
    }
    const id = git(scratch, ['index-pack', '--fix-thin', '--stdin'], pack).toString().trim().split(/\s+/).pop()!;
    const verify = git(scratch, ['verify-pack', '-v', join(scratch, 'objects/pack', `pack-${id}.idx`)]).toString();
    const kinds = new Map<string, [number, number]>();
    let deltas = 0;
    for (const line of verify.split('\n')) {
      const f = line.split(/\s+/);
      if (!/^[0-9a-f]{40}$/.test(f[0] ?? '') || f.length < 5) continue;
      const path = paths.get(f[0]!);
      if (f.length > 5 && path) deltas++;
      if (path === undefined) continue;
      const k = kinds.get(kindOf(path)) ?? [0, 0];
      kinds.set(kindOf(path), [k[0] + 1, k[1] + Number(f[3])]);
    }
    sent.set(name, kinds);
    cpu.sort((a, b) => a - b);
    console.log(
      `${name}: ${(pack.length / 1024).toFixed(0)} KiB sent, ${deltas} blobs as deltas, pack-objects CPU ${cpu.length > 0 ? `${cpu[Math.floor(cpu.length / 2)]} ms (${cpu.join(' / ')})` : 'not measured (no /usr/bin/time)'}`,
    );
    rmSync(join(scratch, 'objects/pack'), { recursive: true, force: true });
    execFileSync('mkdir', ['-p', join(scratch, 'objects/pack')]);
  }
  console.log(`kind: files changed, KiB raw, ${configs.map(([n]) => `KiB ${n}`).join(', ')}`);
  for (const [kind, [n, bytes]] of raw) {
    console.log(`${kind}: ${n}, ${(bytes / 1024).toFixed(0)}, ${configs.map(([name]) => ((sent.get(name)!.get(kind)?.[1] ?? 0) / 1024).toFixed(0)).join(', ')}`);
  }
  await repo.dispose();
} finally {
  rmSync(root, { recursive: true, force: true });
}
