/**
 * The parser against the peers (issue 33, point 4): the same generated JUnit reports (scripts/bench/parse.ts's
 * generator: Surefire-shaped, ~10% failing with 25-frame stack traces) parsed by
 *
 *   flakeguard   its parse as a process: scripts/bench/floor-entry.ts bundled as dist/ is (the step bench's floor)
 *   enricomi     EnricoMi/publish-unit-test-result-action's python/publish/junit.py (lxml + junitparser)
 *   dorny        dorny/test-reporter's committed dist/index.js: LocalFileProvider + JavaJunitParser (xml2js)
 *   mikepenz     mikepenz/action-junit-report's committed dist/index.js: parseTestReports (xml-js)
 *   scan         the physical floor: a process that reads the file and counts its '<testcase' bytes
 *   node         `node -e 0`, the runtime's own start and exit
 *
 * each a whole process (start to exit), measured the same way (scripts/bench/peers/measure.py: wall time, CPU time
 * and peak RSS from wait4), interleaved: every round runs each process once per size, in an order that rotates from
 * round to round. A ratio is the median over rounds of (peer ÷ flakeguard) in the same round, so a busy minute
 * slows both sides of it. Every process must report the number of test cases generated.
 *
 *   node_modules/.bin/node scripts/bench/peers.ts [--sizes 10000,100000] [--rounds 7] [--peers-dir DIR] [--json]
 *
 * The peers' code is not part of this repository. The bench looks for a git copy (bare or not) of each of
 * EnricoMi/publish-unit-test-result-action, dorny/test-reporter, mikepenz/action-junit-report and weiwei/junitparser
 * (the library EnricoMi's parser uses) under --peers-dir (default $FLAKEGUARD_PEERS_DIR, else .bench/peers), as
 * `<name>`, `<owner>+<name>` or `<owner>+<name>/repo`, and extracts the pinned commit below with `git archive`;
 * when one is missing it says how to clone it. EnricoMi's parser needs Python 3 with lxml (Debian:
 * `apt-get install -y python3-lxml`). Setup: scripts/bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtemp } from 'node:fs/promises';
import { generateReport } from './parse.ts';
import { bundleFloor } from './floor-bundle.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..');
const HARNESS = join(HERE, 'peers');

/** A peer's repository and the commit measured (its newest when the bench was written; a tag for junitparser). */
interface Source {
  owner: string;
  name: string;
  rev: string;
  license: string;
}
const SOURCES = {
  enricomi: { owner: 'EnricoMi', name: 'publish-unit-test-result-action', rev: 'c9bbcabcaf28c5ce2a9f8b6ee91c62873071b2ce', license: 'Apache-2.0' },
  // EnricoMi's python/requirements.txt pins junitparser 5.0.0 (Python > 3.9).
  junitparser: { owner: 'weiwei', name: 'junitparser', rev: '5.0.0', license: 'Apache-2.0' },
  dorny: { owner: 'dorny', name: 'test-reporter', rev: '29672c52a8220c09bd9f79b5b6cf6315f1763996', license: 'MIT' },
  mikepenz: { owner: 'mikepenz', name: 'action-junit-report', rev: '305cd1f47a0fbd606dfeacc59048ea5595ea0a96', license: 'Apache-2.0' },
} satisfies Record<string, Source>;

const CONTESTANTS = ['flakeguard', 'enricomi', 'dorny', 'mikepenz', 'scan', 'node'] as const;
type Contestant = (typeof CONTESTANTS)[number];

interface Measure {
  ms: number;
  cpuMs: number;
  maxRssKb: number;
  load: number;
}

export interface PeerRow {
  size: number;
  bytes: number;
  contestant: Contestant;
  /** Median wall time (spawn to exit), ms, and the range. */
  ms: number;
  minMs: number;
  maxMs: number;
  /** Median CPU time (user + system, all threads), ms. */
  cpuMs: number;
  /** Median and largest peak RSS, MiB. */
  rssMiB: number;
  maxRssMiB: number;
  /** Median over rounds of this contestant's wall time ÷ flakeguard's in the same round (and of CPU times). */
  ratio: number;
  cpuRatio: number;
  runs: number;
}

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k === -1 ? undefined : process.argv[k + 1];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The git directory of a peer's copy under `peersDir`, or undefined. */
function findRepo(peersDir: string, s: Source): string | undefined {
  for (const rel of [s.name, `${s.owner}+${s.name}`, `${s.owner}+${s.name}/repo`]) {
    const at = join(peersDir, rel);
    if (!existsSync(at)) continue;
    for (const gitDir of [join(at, '.git'), at]) {
      try {
        git(gitDir, 'rev-parse', '--git-dir');
        return gitDir;
      } catch {
        // not a git directory
      }
    }
  }
  return undefined;
}

/** Extracts `paths` of the pinned commit of `s` into `.bench/peers-src/<name>-<rev>/`; returns that folder. */
function extract(peersDir: string, s: Source, paths: string[]): string {
  const repo = findRepo(peersDir, s);
  const hint = `git clone --bare https://github.com/${s.owner}/${s.name} ${join(peersDir, `${s.owner}+${s.name}`)}`;
  if (repo === undefined) throw new Error(`${s.owner}/${s.name} (${s.license}) is not under ${peersDir}: ${hint}`);
  try {
    git(repo, 'cat-file', '-e', `${s.rev}^{commit}`);
  } catch {
    throw new Error(`${s.owner}/${s.name} under ${peersDir} does not have ${s.rev}: fetch it (git --git-dir ${repo} fetch origin), or ${hint}`);
  }
  const out = join(ROOT, '.bench', 'peers-src', `${s.name}-${s.rev.slice(0, 12)}`);
  if (!existsSync(join(out, '.done'))) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const tar = execFileSync('git', ['--git-dir', repo, 'archive', '--format=tar', s.rev, ...paths], { maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', out], { input: tar });
    writeFileSync(join(out, '.done'), s.rev + '\n');
  }
  return out;
}

/**
 * A peer's committed ncc bundle, made importable: the last top-level call that starts the action (`call`) is
 * replaced by an export of `names`, top-level bindings of the bundle. Throws when the bundle is not as expected.
 */
function patchBundle(dir: string, call: string, names: string[]): string {
  const src = readFileSync(join(dir, 'dist', 'index.js'), 'utf8');
  const at = src.lastIndexOf(`\n${call}\n`);
  if (at === -1) throw new Error(`${dir}/dist/index.js: no top-level \`${call}\` to replace`);
  for (const n of names) if (!new RegExp(`^(?:async function|function|class) ${n}\\b`, 'm').test(src)) throw new Error(`${dir}/dist/index.js has no top-level ${n}`);
  const out = join(dir, 'dist', 'bench-entry.mjs');
  writeFileSync(out, `${src.slice(0, at)}\nexport { ${names.join(', ')} };\n${src.slice(at + call.length + 2)}`);
  return out;
}

/** The Python 3 that can import lxml: /usr/bin/python3 (Debian's python3-lxml), else `python3` on the PATH. */
function pythonWithLxml(): string {
  for (const py of [arg('--python'), '/usr/bin/python3', 'python3'].filter((p): p is string => p !== undefined)) {
    try {
      execFileSync(py, ['-c', 'import lxml.etree'], { stdio: 'ignore' });
      return py;
    } catch {
      // next
    }
  }
  throw new Error('no Python 3 with lxml: apt-get install -y python3-lxml (or pass --python <interpreter>)');
}

export async function benchPeers(options: {
  sizes: number[];
  rounds: number;
  peersDir: string;
  log?: (m: string) => void;
}): Promise<{ rows: PeerRow[]; load: number[]; commits: Record<string, string> }> {
  const log = options.log ?? ((m: string) => console.error(m));
  const py = pythonWithLxml();
  const enricomi = extract(options.peersDir, SOURCES.enricomi, ['python/publish', 'LICENSE']);
  const junitparser = extract(options.peersDir, SOURCES.junitparser, ['junitparser', 'LICENSE']);
  const dorny = patchBundle(extract(options.peersDir, SOURCES.dorny, ['dist', 'LICENSE']), 'main();', ['JavaJunitParser', 'LocalFileProvider']);
  const mikepenz = patchBundle(extract(options.peersDir, SOURCES.mikepenz, ['dist', 'LICENSE']), 'run();', ['parseTestReports']);
  const floor = await bundleFloor(join(ROOT, '.bench', 'peers-floor.mjs'));
  const node = process.execPath;
  const measure = join(HARNESS, 'measure.py');

  const work = await mkdtemp(join(tmpdir(), 'flakeguard-bench-peers-'));
  try {
    const files = new Map<number, { dir: string; file: string; bytes: number }>();
    for (const size of options.sizes) {
      const dir = join(work, String(size));
      mkdirSync(dir);
      const file = await generateReport(dir, size);
      files.set(size, { dir, file, bytes: statSync(file).size });
    }
    const command = (c: Contestant, f: { dir: string; file: string }): string[] => {
      switch (c) {
        case 'flakeguard':
          return [node, floor, f.dir];
        case 'enricomi':
          return [py, join(HARNESS, 'enricomi.py'), join(enricomi, 'python'), junitparser, f.file];
        case 'dorny':
          return [node, join(HARNESS, 'dorny.mjs'), dorny, f.file];
        case 'mikepenz':
          return [node, join(HARNESS, 'mikepenz.mjs'), mikepenz, f.file];
        case 'scan':
          return [node, join(HARNESS, 'scan.mjs'), f.file];
        case 'node':
          return [node, '-e', '0'];
      }
    };
    const runs = new Map<string, Measure[]>();
    const loads: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      for (const size of options.sizes) {
        const f = files.get(size)!;
        const order = CONTESTANTS.map((_, k) => CONTESTANTS[(k + round) % CONTESTANTS.length]!);
        for (const c of order) {
          const load = loadavg()[0]!;
          loads.push(load);
          // The peers run in the report's folder, as an action runs in its workspace (globs, relative paths).
          const out = execFileSync(py, [measure, ...command(c, f)], { cwd: f.dir, encoding: 'utf8', maxBuffer: 1 << 24 });
          const m = JSON.parse(out) as { ms: number; cpuMs: number; maxRssKb: number; status: number; stdout: string };
          if (m.status !== 0) throw new Error(`${c} exited with ${m.status} on ${size} cases`);
          const counted = Number(m.stdout.trim().split('\n').pop());
          if (c !== 'node' && counted !== size) throw new Error(`${c} counted ${counted} test cases, not ${size}`);
          const key = `${size}:${c}`;
          runs.set(key, [...(runs.get(key) ?? []), { ms: m.ms, cpuMs: m.cpuMs, maxRssKb: m.maxRssKb, load }]);
        }
      }
      log(`round ${round + 1}/${options.rounds} done, load ${loadavg()[0]!.toFixed(1)}`);
    }
    const rows: PeerRow[] = [];
    for (const size of options.sizes) {
      const ours = runs.get(`${size}:flakeguard`)!;
      for (const c of CONTESTANTS) {
        const ms = runs.get(`${size}:${c}`)!;
        const rss = ms.map((m) => m.maxRssKb / 1024);
        rows.push({
          size,
          bytes: files.get(size)!.bytes,
          contestant: c,
          ms: Math.round(median(ms.map((m) => m.ms))),
          minMs: Math.round(Math.min(...ms.map((m) => m.ms))),
          maxMs: Math.round(Math.max(...ms.map((m) => m.ms))),
          cpuMs: Math.round(median(ms.map((m) => m.cpuMs))),
          rssMiB: Math.round(median(rss)),
          maxRssMiB: Math.round(Math.max(...rss)),
          ratio: Math.round(median(ms.map((m, k) => m.ms / ours[k]!.ms)) * 100) / 100,
          cpuRatio: Math.round(median(ms.map((m, k) => m.cpuMs / ours[k]!.cpuMs)) * 100) / 100,
          runs: ms.length,
        });
      }
    }
    const commits = Object.fromEntries(Object.entries(SOURCES).map(([k, s]) => [k, `${s.owner}/${s.name}@${s.rev}`]));
    return { rows, load: loads, commits };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function table(rows: PeerRow[]): string {
  const head = ['cases', 'MB', 'process', 'wall ms (median)', 'range', 'CPU ms', 'peak RSS MiB (median / max)', '÷ flakeguard (wall)', '÷ flakeguard (CPU)'];
  const body = rows.map((r) => [
    String(r.size),
    (r.bytes / 1e6).toFixed(1),
    r.contestant,
    String(r.ms),
    `${r.minMs}–${r.maxMs}`,
    String(r.cpuMs),
    `${r.rssMiB} / ${r.maxRssMiB}`,
    r.ratio.toFixed(2) + 'x',
    r.cpuRatio.toFixed(2) + 'x',
  ]);
  const line = (cells: string[]): string => '| ' + cells.join(' | ') + ' |';
  return [line(head), line(head.map(() => '---')), ...body.map(line)].join('\n');
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = (arg('--sizes') ?? '10000,100000').split(',').map(Number);
  const rounds = Number(arg('--rounds') ?? 7);
  const peersDir = resolve(arg('--peers-dir') ?? process.env.FLAKEGUARD_PEERS_DIR ?? join(ROOT, '.bench', 'peers'));
  const result = await benchPeers({ sizes, rounds, peersDir });
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    const l = result.load;
    console.log(
      `JUnit parse, whole processes, ${rounds} interleaved rounds, ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ` +
        `load average (1 min) ${Math.min(...l).toFixed(1)}–${Math.max(...l).toFixed(1)} (median ${median(l).toFixed(1)})`,
    );
    console.log(table(result.rows));
    console.log(`\npeers: ${Object.values(result.commits).join(', ')}`);
  }
}
