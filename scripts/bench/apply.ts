/**
 * The pure middle of the step alone, in process: parseSnapshot of the benchmark's cached data branch
 * (scripts/bench/step.ts) and applyRun of the next run's reports, parsed as the step parses them. The first
 * iteration runs cold, as the step does; later ones are warm. `--out FILE` writes the branch's new files and the
 * outcome, to compare two versions byte for byte (the speed work's check that nothing written changed).
 *
 *   node_modules/.bin/node scripts/bench/apply.ts [--tests 10000] [--repeat 1] [--out FILE] [--end MS] [--branch REPO]
 *
 * To compare two versions, run this file of each checkout in turn, in fresh processes
 * (docs/benchmarks-archive.md#issue-16-work-in-proportion-to-what-changed, "Tests whose history lines read alike").
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { applyRun } from '../../src/pipeline/apply.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../../src/history/merge.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { parseReportText } from '../../src/junit/index.ts';
import type { ParsedTestCase } from '../../src/model.ts';
import { buildSuite, dataBranchRepo, reportFiles, runContextOf } from './step.ts';

const HOUR = 3_600_000;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const tests = Number(arg('tests', '10000'));
const repeat = Number(arg('repeat', '1'));
const out = arg('out', '');
const runs = 200;
// This run comes an hour after `end` (as in the step's benchmark), after every run of the cached branch; on the hour,
// so that two versions run within the same hour write the same files (or give both the same `--end`).
const end = Number(arg('end', String(Math.floor(Date.now() / HOUR) * HOUR - HOUR)));
// `--branch`: a bare repository with the branch `flakeguard-data` (another checkout's cache, to compare the two on one input).
const branch = arg('branch', '') ? { repo: arg('branch', '') } : await dataBranchRepo(tests, runs, end, (m) => console.error(m));

const git = (args: string[]): string => execFileSync('git', ['--git-dir', branch.repo, ...args], { maxBuffer: 1 << 30 }).toString();
const files = new Map<string, string>();
for (const line of git(['ls-tree', '-r', 'flakeguard-data']).split('\n').filter(Boolean)) {
  const [meta, path] = line.split('\t');
  files.set(path!, git(['cat-file', 'blob', meta!.split(' ')[2]!]));
}
const tests0: ParsedTestCase[] = [];
for (const [path, xml] of reportFiles(buildSuite(tests), runs, end + HOUR)) tests0.push(...parseReportText(xml, path).tests);
const run = runContextOf(runs, runs, end + HOUR);

const parse: number[] = [];
const apply: number[] = [];
// CPU time of the process (all its threads: V8's GC helpers too), ms: steadier than wall time on a shared machine.
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const parseCpu: number[] = [];
const applyCpu: number[] = [];
for (let i = 0; i < repeat; i++) {
  let t = performance.now();
  let c = cpu();
  const snapshot = parseSnapshot(files);
  parse.push(performance.now() - t);
  parseCpu.push(cpu() - c);
  t = performance.now();
  c = cpu();
  const result = applyRun(
    { snapshot, reports: { tests: tests0, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'failure', run, now: run.time + 60_000 },
    { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, normalise: normalizeErrorMessage, scoreTests: statsScores(run.time) },
  );
  apply.push(performance.now() - t);
  applyCpu.push(cpu() - c);
  if (i === 0 && out) writeFileSync(out, [...[...result.files].map(([p, s]) => `${p}\n${s}`), JSON.stringify(result.outcome)].join('\n'));
}
const ms = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(', ');
console.log(`${tests} tests (--end ${end}): parseSnapshot ${ms(parse)} ms (CPU ${ms(parseCpu)}); applyRun ${ms(apply)} ms (CPU ${ms(applyCpu)}) (first run cold)`);
