/**
 * The step over a network: `node dist/index.js` with its data branch served over git's smart HTTP protocol
 * (`git http-backend`, scripts/bench/git-http.ts) and the GitHub API played by the OpenAPI-checked fake
 * (test/support/github-fake), each behind a delaying proxy (scripts/bench/latency-proxy.ts: a round-trip delay and a
 * bandwidth cap). For each suite size and round trip it reports the step's wall time, the round trips counted at the
 * proxies (connections, turns, and the sequential ones: the longest run of turns and connects one after the other), the bytes
 * each way, and what a lost push race costs (two steps started together on the same head: the loser's extra time and
 * round trips).
 *
 *   node_modules/.bin/node scripts/bench/latency.ts [--sizes 1000,10000] [--rtts 0,30,100] [--mbit 100] [--repeat 3]
 *       [--runs 50] [--race 30] [--issues] [--tls]
 *   npm run bench -- --only latency [--latency 30] [--latency-sizes 1000,10000,100000]
 *
 * Each case is a clean run (every test passes, none new: the fewest round trips a step can make) and a run with
 * flaky failures (check-run annotations; with --issues, create-issues on). With --tls each new connection waits one
 * more round trip, as for TLS 1.3's handshake on GitHub's HTTPS (counted as a second connect; the bytes stay plain).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DIST_ENTRY, World, git, type ActionRun } from '../../test/support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../../test/support/github-fake/index.ts';
import { buildSuite, dataBranchRepo, reportFiles } from './step.ts';
import { startGitHttp, type GitHttp } from './git-http.ts';
import { sequentialRoundTrips, startLatencyProxy, type Interval, type LatencyProxy, type ProxyStats } from './latency-proxy.ts';

const HOUR = 3_600_000;
const TOKEN = 'ghs_latency_bench';

export interface LatencyOptions {
  sizes?: number[];
  rtts?: number[];
  /** Bandwidth cap each way of each connection, Mbit/s (0: none). */
  mbit?: number;
  repeat?: number;
  /** Runs of history on the data branch. */
  runs?: number;
  /** Round trip of the push-race case (none: no race measured). */
  raceRtt?: number | null;
  issues?: boolean;
  /** Each new connection waits one more round trip (TLS 1.3's handshake). */
  tls?: boolean;
  /** Bundles to compare, interleaved (label → dist/index.js path); default: this tree's dist/. */
  entries?: Record<string, string>;
  log?: (message: string) => void;
}

export interface StepOverNetwork {
  ms: number;
  exitCode: number | null;
  git: ProxyStats;
  api: ProxyStats;
  /** The longest run of connects and turns (git's and the API's) one after the other: the round trips waited for in turn. */
  sequential: number;
  /** Push attempts lost to another writer (`Try n/m:` lines). */
  lostRaces: number;
  apiCalls: string[];
}

export interface LatencyRow {
  entry: string;
  tests: number;
  rttMs: number;
  kind: 'clean' | 'failures';
  /** Median of the repeats. */
  ms: number;
  measures: number[];
  sequential: number;
  gitConnections: number;
  gitTurns: number;
  apiConnections: number;
  apiTurns: number;
  bytesUp: number;
  bytesDown: number;
  apiCalls: string[];
}

export interface RaceResult {
  entry: string;
  tests: number;
  rttMs: number;
  winner: StepOverNetwork;
  loser: StepOverNetwork;
  /** The loser's wall time and sequential round trips over the winner's. */
  extraMs: number;
  extraSequential: number;
  extraBytesDown: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)]!;
};

/** One step through its own pair of proxies (git, API) to the shared remote and fake. */
async function stepThrough(world: World, http: GitHttp, rttMs: number, bytesPerSec: number, inputs: Record<string, string>, runId: number, entry: string, tls = false): Promise<StepOverNetwork> {
  // A fresh fake each step: what one step opened (issues, labels) does not change what the next one sends.
  const fake: FakeGitHub = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  const clock: Interval[] = [];
  const gitProxy: LatencyProxy = await startLatencyProxy({ targetPort: http.port, rttMs, bytesPerSec, clock, tls });
  const apiProxy: LatencyProxy = await startLatencyProxy({ targetPort: Number(new URL(fake.url).port), rttMs, bytesPerSec, clock, tls });
  let res: ActionRun;
  try {
    res = await world.run({
      runId,
      entry,
      inputs: { token: TOKEN, 'check-run': 'true', 'data-remote': `http://127.0.0.1:${gitProxy.port}/remote.git`, ...inputs },
      env: { GITHUB_API_URL: `http://127.0.0.1:${apiProxy.port}` },
    });
  } finally {
    await gitProxy.close();
    await apiProxy.close();
    await fake.close();
  }
  if (res.exitCode !== 0 && res.exitCode !== 1) throw new Error(`the step crashed (exit ${res.exitCode}): ${res.stderr.slice(-2000)}`);
  if (!res.outputs['quarantined-tests']) throw new Error(`the step stopped early:\n${res.stdout.slice(-3000)}`);
  if (fake.violations().length > 0) throw new Error(`requests GitHub would refuse: ${fake.violations().join('; ')}`);
  return {
    ms: res.ms,
    exitCode: res.exitCode,
    git: gitProxy.stats(),
    api: apiProxy.stats(),
    sequential: sequentialRoundTrips(clock),
    lostRaces: res.stdout.match(/^Try \d+\/\d+:.*moved/gm)?.length ?? 0,
    apiCalls: fake.requests.map((r) => r.operationId ?? `${r.method} ${r.path}`),
  };
}

interface Bed {
  world: World;
  http: GitHttp;
  head: string;
  dispose: () => Promise<void>;
}

/** A remote holding the generated branch (packed, as GitHub serves it), served over HTTP, and the fake. */
async function bed(tests: number, runs: number, end: number, log: (m: string) => void): Promise<Bed> {
  const branch = await dataBranchRepo(tests, runs, end, log);
  const world = await World.create();
  await git(branch.repo, ['push', '-q', world.remote, 'flakeguard-data']);
  await git(world.remote, ['repack', '-adq']);
  const head = (await git(world.remote, ['rev-parse', 'flakeguard-data'])).trim();
  const http = await startGitHttp(world.root);
  return {
    world,
    http,
    head,
    dispose: async () => {
      await http.close();
      await world.dispose();
    },
  };
}

async function writeReports(world: World, tests: number, runs: number, end: number, clean: boolean): Promise<void> {
  await world.removeReports();
  const suite = buildSuite(tests);
  for (const [path, xml] of reportFiles(clean ? suite.map((t) => ({ ...t, rate: 0 })) : suite, runs, end + HOUR)) await world.writeReport(path, xml);
}

export async function benchLatency(options: LatencyOptions = {}): Promise<{ rows: LatencyRow[]; races: RaceResult[]; mbit: number; load: number[] }> {
  const sizes = options.sizes ?? [1000, 10_000];
  const rtts = options.rtts ?? [0, 30, 100];
  const mbit = options.mbit ?? 100;
  const bytesPerSec = mbit > 0 ? (mbit * 1e6) / 8 : 0;
  const repeat = options.repeat ?? 3;
  const runs = options.runs ?? 50;
  const log = options.log ?? ((m: string) => console.error(m));
  const entries = Object.entries(options.entries ?? { 'this tree': DIST_ENTRY });
  for (const [, entry] of entries) if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const end = Date.now() - HOUR;
  const rows: LatencyRow[] = [];
  const races: RaceResult[] = [];
  const load: number[] = [];
  let runId = 7_700_000;
  for (const tests of sizes) {
    const b = await bed(tests, runs, end, log);
    try {
      for (const kind of ['clean', 'failures'] as const) {
        await writeReports(b.world, tests, runs, end, kind === 'clean');
        const inputs = { 'test-outcome': kind === 'clean' ? 'success' : 'failure', ...(options.issues ? { 'create-issues': 'true' } : {}) };
        // Interleaved: each repeat runs every round trip (and bundle) once, so a change in the machine's load touches them alike.
        const key = (label: string, rtt: number): string => `${label} ${rtt}`;
        const byCase = new Map<string, StepOverNetwork[]>();
        for (let i = 0; i < repeat; i++) {
          for (const rtt of rtts) {
            for (const [label, entry] of entries) {
              await git(b.world.remote, ['update-ref', 'refs/heads/flakeguard-data', b.head]);
              load.push(Math.round(loadavg()[0]! * 10) / 10);
              const m = await stepThrough(b.world, b.http, rtt, bytesPerSec, inputs, runId++, entry, options.tls);
              byCase.set(key(label, rtt), [...(byCase.get(key(label, rtt)) ?? []), m]);
              log(
                `  latency ${label}, ${tests} tests, ${kind}, rtt ${rtt} ms, ${i + 1}/${repeat}: ${m.ms} ms, ${m.sequential} sequential round trips (git ${m.git.connections} conn ${m.git.turns} turns, api ${m.api.connections} conn ${m.api.turns} turns), up ${m.git.bytesUp + m.api.bytesUp} B, down ${m.git.bytesDown + m.api.bytesDown} B`,
              );
            }
          }
        }
        for (const [label] of entries) {
          for (const rtt of rtts) {
            const ms = byCase.get(key(label, rtt))!;
            const mid = ms.map((m) => m.ms);
            const typical = ms[0]!;
            rows.push({
              entry: label,
              tests,
              rttMs: rtt,
              kind,
              ms: Math.round(median(mid)),
              measures: mid,
              sequential: median(ms.map((m) => m.sequential)),
              gitConnections: typical.git.connections,
              gitTurns: typical.git.turns,
              apiConnections: typical.api.connections,
              apiTurns: typical.api.turns,
              bytesUp: median(ms.map((m) => m.git.bytesUp + m.api.bytesUp)),
              bytesDown: median(ms.map((m) => m.git.bytesDown + m.api.bytesDown)),
              apiCalls: typical.apiCalls,
            });
          }
        }
      }
      if (options.raceRtt !== null) {
        const rtt = options.raceRtt ?? 30;
        await writeReports(b.world, tests, runs, end, false);
        for (let i = 0; i < repeat; i++) {
          for (const [label, entry] of entries) {
            await git(b.world.remote, ['update-ref', 'refs/heads/flakeguard-data', b.head]);
            const pair = await Promise.all([0, 1].map((k) => stepThrough(b.world, b.http, rtt, bytesPerSec, { 'test-outcome': 'failure' }, runId++ + k * 1000, entry, options.tls)));
            const loser = pair.find((m) => m.lostRaces > 0);
            if (!loser) {
              log(`  race ${label}, ${tests} tests, rtt ${rtt} ms: no race lost this time (one step pushed before the other fetched)`);
              continue;
            }
            const winner = pair.find((m) => m !== loser)!;
            const r: RaceResult = {
              entry: label,
              tests,
              rttMs: rtt,
              winner,
              loser,
              extraMs: loser.ms - winner.ms,
              extraSequential: loser.sequential - winner.sequential,
              extraBytesDown: loser.git.bytesDown - winner.git.bytesDown,
            };
            races.push(r);
            log(
              `  race ${label}, ${tests} tests, rtt ${rtt} ms: winner ${winner.ms} ms / ${winner.sequential} RT, loser ${loser.ms} ms / ${loser.sequential} RT (${loser.lostRaces} lost), loser's git down ${loser.git.bytesDown} B vs ${winner.git.bytesDown} B`,
            );
          }
        }
      }
    } finally {
      await b.dispose();
    }
  }
  return { rows, races, mbit, load };
}

/** The Markdown table of a benchLatency result. */
export function latencyTable(result: Awaited<ReturnType<typeof benchLatency>>): string {
  const kb = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`);
  const lines = [
    `| build | tests | run | round trip | step (median) | sequential round trips | git: connections / turns | API: connections / turns (calls) | sent / received |`,
    `| --- | ---: | --- | ---: | ---: | ---: | --- | --- | --- |`,
  ];
  for (const r of result.rows) {
    const calls = new Map<string, number>();
    for (const c of r.apiCalls) calls.set(c, (calls.get(c) ?? 0) + 1);
    const named = [...calls].map(([c, n]) => (n > 1 ? `${c} ×${n}` : c)).join(', ');
    lines.push(
      `| ${r.entry} | ${r.tests.toLocaleString('en')} | ${r.kind} | ${r.rttMs} ms | ${r.ms} ms (${r.measures.join('/')}) | ${r.sequential} | ${r.gitConnections} / ${r.gitTurns} | ${r.apiConnections} / ${r.apiTurns} (${named || 'none'}) | ${kb(r.bytesUp)} / ${kb(r.bytesDown)} |`,
    );
  }
  if (result.races.length > 0) {
    lines.push('', "| build | tests | round trip | winner | loser (lost races) | loser's extra | loser's git received vs winner's |", '| --- | ---: | ---: | --- | --- | --- | --- |');
    for (const r of result.races) {
      lines.push(
        `| ${r.entry} | ${r.tests.toLocaleString('en')} | ${r.rttMs} ms | ${r.winner.ms} ms, ${r.winner.sequential} RT | ${r.loser.ms} ms, ${r.loser.sequential} RT (${r.loser.lostRaces}) | +${r.extraMs} ms, +${r.extraSequential} RT | ${kb(r.loser.git.bytesDown)} vs ${kb(r.winner.git.bytesDown)} |`,
      );
    }
  }
  return lines.join('\n');
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const list = (v: string | undefined): number[] | undefined => v?.split(',').map(Number);
  const result = await benchLatency({
    sizes: list(option('sizes')),
    rtts: list(option('rtts')),
    ...(option('mbit') ? { mbit: Number(option('mbit')) } : {}),
    ...(option('repeat') ? { repeat: Number(option('repeat')) } : {}),
    ...(option('runs') ? { runs: Number(option('runs')) } : {}),
    raceRtt: option('race') === 'off' ? null : Number(option('race') ?? 30),
    issues: process.argv.includes('--issues'),
    tls: process.argv.includes('--tls'),
    // --compare before=path/to/index.js,after=dist/index.js: two builds, interleaved.
    ...(option('compare')
      ? {
          entries: Object.fromEntries(
            option('compare')!
              .split(',')
              .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
          ),
        }
      : {}),
  });
  console.log(
    `\nlatency bench, ${new Date().toISOString().slice(0, 10)}, bandwidth ${result.mbit} Mbit/s each way${process.argv.includes('--tls') ? ', TLS handshakes' : ''}, load ${result.load.join('/')}\n`,
  );
  console.log(latencyTable(result));
}
