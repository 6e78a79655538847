/**
 * The storm: N jobs finish at once and run the bundled action (`node dist/index.js`, Node 24) against one data
 * branch, in a local bare repository or through `git daemon` on loopback (test/support/action.ts). Afterwards one
 * more run (the "next writer") folds in whatever was parked, and the branch is checked: every run landed exactly
 * once (runs.json, flakeguard.json's ingestion keys, each test's outcome string), no parked branch is left.
 *
 * Per job it measures the wall time from spawn to exit, the push attempts (the `Try n/8:` log lines of lost tries,
 * plus the one that landed or parked) and whether the run was parked.
 *
 *   npm run bench:storm [-- --sizes 16,32,64,128] [-- --remote bare,daemon] [-- --tests 2] [-- --out .bench/storm.json]
 *
 * `--tests N`: each job's report holds N passing tests (default 2, `a` and `b`); every one is checked.
 *
 * Needs a built dist/ (npm run build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT, World, git, junitXml, type ActionRun } from '../../test/support/action.ts';
import { expandOpenEnd, runCount } from '../../src/history/outcome-string.ts';

export interface StormResult {
  remote: 'bare' | 'daemon';
  jobs: number;
  landedExactlyOnce: boolean;
  failedJobs: number;
  parked: number;
  /** Push attempts per job: a lost race is a `Try n/8:` line; the last attempt (landed or parked) counts one. */
  attemptsMean: number;
  attemptsMax: number;
  waitMedianMs: number;
  waitMaxMs: number;
  /** The next writers that fold in what was parked (at most 64 each): how many, and the longest. */
  nextWriters: number;
  foldMs: number;
  leftParked: number;
  problems: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`git daemon did not start on ${port}`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)]!;
};

export async function storm(jobs: number, remote: 'bare' | 'daemon', tests = 2): Promise<StormResult> {
  const names = tests === 2 ? ['a', 'b'] : Array.from({ length: tests }, (_, i) => `t${String(i).padStart(6, '0')}`);
  const world = await World.create();
  let daemon: ChildProcess | undefined;
  try {
    let inputs: Record<string, string> = {};
    if (remote === 'daemon') {
      const port = await freePort();
      daemon = spawn('git', ['daemon', '--reuseaddr', '--export-all', '--enable=receive-pack', '--listen=127.0.0.1', `--port=${port}`, `--base-path=${world.root}`, world.root], { stdio: 'ignore' });
      await waitForPort(port);
      inputs = { 'data-remote': `git://127.0.0.1:${port}/remote.git` };
    }
    // A history window larger than the storm, so that every run stays in runs.json to be counted (the default keeps 100).
    await world.writeReport('.flakeguard.yml', 'history:\n  max-runs: 1000\n');
    // The writers' inbox-key: parked runs are sealed with it and folded in only with its seal (docs/data-branch.md).
    inputs = { ...inputs, config: '.flakeguard.yml', 'inbox-key': 'the inbox key of this repository' };
    await world.writeReport('reports/unit.xml', junitXml(names.map((name) => ({ name }))));
    const first = await world.run({ runId: 1, inputs });
    if (first.exitCode !== 0) throw new Error(`the first run failed: ${first.stdout}`);

    const runs: ActionRun[] = await Promise.all(Array.from({ length: jobs }, (_, i) => world.run({ runId: 100 + i, job: `shard-${i}`, inputs })));
    // The next writers, one after the other, until nothing is parked: each folds at most 64 parked runs.
    const nexts: ActionRun[] = [];
    const parkedLeft = async (): Promise<number> => (await git(world.remote, ['for-each-ref', '--format=%(refname)', 'refs/heads/flakeguard-data-inbox/'])).split('\n').filter(Boolean).length;
    do nexts.push(await world.run({ runId: 99_999 + nexts.length, inputs }));
    while ((await parkedLeft()) > 0 && nexts.length < 10);

    const problems: string[] = [];
    const attempts = runs.map((r) => (r.stdout.match(/^Try \d+\/\d+:/gm)?.length ?? 0) + (/refused the push for good/.test(r.stdout) ? 0 : 1));
    const parked = runs.filter((r) => /History parked on/.test(r.stdout)).length;
    const failedJobs = runs.filter((r) => r.exitCode !== 0).length;
    if (failedJobs > 0) {
      problems.push(`${failedJobs} jobs failed`);
      // Their logs, to say why (the table only counts them).
      const dir = join(PROJECT_ROOT, '.bench/storm-failed');
      mkdirSync(dir, { recursive: true });
      runs.forEach((r, i) => r.exitCode !== 0 && writeFileSync(join(dir, `${remote}-${jobs}-job-${i}.log`), `exit ${r.exitCode}\n${r.stdout}\n--- stderr\n${r.stderr}`));
    }
    if (nexts.some((n) => n.exitCode !== 0)) problems.push('a next writer failed');

    const files = await world.dataFiles();
    const table = JSON.parse(files.get('runs.json')!) as { runs: Record<string, [string]> };
    const keys = Object.values(table.runs).map((row) => row[0].split('/')[0]!);
    const expected = ['1', ...Array.from({ length: jobs }, (_, i) => String(100 + i)), ...nexts.map((_, i) => String(99_999 + i))];
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const k of expected) if (counts.get(k) !== 1) problems.push(`run ${k} is in runs.json ${counts.get(k) ?? 0} times`);
    if (keys.length !== expected.length) problems.push(`runs.json has ${keys.length} runs, expected ${expected.length}`);
    const meta = JSON.parse(files.get('flakeguard.json')!) as { ingested: Record<string, number> };
    if (Object.keys(meta.ingested).length !== expected.length) problems.push(`${Object.keys(meta.ingested).length} ingestion keys, expected ${expected.length}`);
    const lines: Record<string, { from: number; o: string }> = {};
    for (const [path, text] of files) if (/^history\/[^/]+\.json$/.test(path)) Object.assign(lines, (JSON.parse(text) as { tests: Record<string, { from: number; o: string }> }).tests);
    const newest = Math.max(...Object.keys(table.runs).map(Number));
    for (const id of names.map((n) => `pkg.Suite::${n}`)) {
      // Outcome strings are run-length encoded (`P*18`, or open-ended `P*` in a quiet file: docs/data-branch.md): every run once, every one a pass.
      const segments = lines[id] ? expandOpenEnd(lines[id].from, lines[id].o, newest) : null;
      const count = segments ? runCount(segments) : 0;
      if (count !== expected.length || !segments!.every((s) => s.a === '' || s.a === 'P')) problems.push(`${id}: ${count} outcomes (${lines[id]?.o.slice(0, 40)}), expected ${expected.length} passes`);
    }
    const left = (await git(world.remote, ['for-each-ref', '--format=%(refname)', 'refs/heads/flakeguard-data-inbox/'])).split('\n').filter(Boolean).length;
    if (left > 0) problems.push(`${left} parked branches left`);
    const fsck = await git(world.remote, ['fsck', '--no-progress']).then(
      () => '',
      (e: Error) => e.message,
    );
    if (fsck) problems.push(`git fsck: ${fsck.slice(0, 200)}`);
    const waits = runs.map((r) => r.ms);
    return {
      remote,
      jobs,
      landedExactlyOnce: problems.length === 0,
      failedJobs,
      parked,
      attemptsMean: Math.round((attempts.reduce((a, b) => a + b, 0) / jobs) * 100) / 100,
      attemptsMax: Math.max(...attempts),
      waitMedianMs: median(waits),
      waitMaxMs: Math.max(...waits),
      nextWriters: nexts.length,
      foldMs: Math.max(...nexts.map((n) => n.ms)),
      leftParked: left,
      problems,
    };
  } finally {
    daemon?.kill();
    await world.dispose();
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const sizes = (option('sizes') ?? '16,32,64,128').split(',').map(Number);
  const remotes = (option('remote') ?? 'bare,daemon').split(',') as Array<'bare' | 'daemon'>;
  const tests = Number(option('tests') ?? 2);
  const out = option('out') ?? join(PROJECT_ROOT, '.bench/storm.json');
  const results: StormResult[] = [];
  const started = { date: new Date().toISOString(), cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), loadBefore: loadavg() };
  console.log(`${tests} tests a job`);
  console.log('| remote | jobs | landed exactly once | failed jobs | parked | push attempts per job (mean / max) | wait per job (median / max) | next writers (longest) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const jobs of sizes) {
    for (const remote of remotes) {
      const r = await storm(jobs, remote, tests);
      results.push(r);
      console.log(
        `| ${r.remote === 'bare' ? 'bare repository' : 'git daemon'} | ${r.jobs} | ${r.landedExactlyOnce ? 'yes' : `NO: ${r.problems.join('; ')}`} | ${r.failedJobs} | ${r.parked} | ${r.attemptsMean} / ${r.attemptsMax} | ${(r.waitMedianMs / 1000).toFixed(1)} s / ${(r.waitMaxMs / 1000).toFixed(1)} s | ${r.nextWriters} (${(r.foldMs / 1000).toFixed(1)} s) |`,
      );
    }
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...started, loadAfter: loadavg(), results }, null, 2)}\n`);
  console.error(
    `Written to ${out}. Load average before: ${started.loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}.`,
  );
}
