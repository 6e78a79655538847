/**
 * CPU of what the step does after applyRun, in process, on one checkout (ROOT): clusterFiles and factsFor on the
 * applyRun result of the bench branch (as scripts/bench/apply.ts makes it). Each stage `--repeat` times, in a fresh
 * applyRun result each time (the step does each once, on a fresh history).
 *   ROOT=<checkout> node_modules/.bin/node scripts/bench/after-apply.ts --tests 100000 --end E --branch B [--repeat 3]
 */
import { execFileSync } from 'node:child_process';
const ROOT = process.env.ROOT ?? process.cwd();
const { applyRun } = await import(`${ROOT}/src/pipeline/apply.ts`);
const { DEFAULT_POLICY } = await import(`${ROOT}/src/policy/quarantine.ts`);
const { DEFAULT_RETENTION } = await import(`${ROOT}/src/history/merge.ts`);
const { normalizeErrorMessage } = await import(`${ROOT}/src/history/error-message.ts`);
const { statsScores } = await import(`${ROOT}/src/pipeline/stats-scores.ts`);
const { parseSnapshot } = await import(`${ROOT}/src/store/snapshot.ts`);
const { parseReportText } = await import(`${ROOT}/src/junit/index.ts`);
const { clusterFiles } = await import(`${ROOT}/src/pipeline/clusters-file.ts`);
const { factsFor } = await import(`${ROOT}/src/github/publish.ts`);
const { buildSuite, reportFiles, runContextOf } = await import(`${ROOT}/scripts/bench/step.ts`);
const HOUR = 3_600_000;
const arg = (n: string, f: string): string => {
  const i = process.argv.indexOf(`--${n}`);
  return i >= 0 ? process.argv[i + 1]! : f;
};
const tests = Number(arg('tests', '10000')),
  repeat = Number(arg('repeat', '3')),
  end = Number(arg('end', '0')),
  repo = arg('branch', '');
const git = (args: string[]): string => execFileSync('git', ['--git-dir', repo, ...args], { maxBuffer: 1 << 30 }).toString();
const files = new Map<string, string>();
for (const line of git(['ls-tree', '-r', 'flakeguard-data']).split('\n').filter(Boolean)) {
  const [meta, path] = line.split('\t');
  files.set(path!, git(['cat-file', 'blob', meta!.split(' ')[2]!]));
}
const t0: unknown[] = [];
for (const [path, xml] of reportFiles(buildSuite(tests), 200, end + HOUR)) t0.push(...parseReportText(xml, path).tests);
const run = runContextOf(200, 200, end + HOUR);
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const out: Record<string, number[]> = { clusterFiles: [], factsFor: [] };
let text = '';
for (let i = 0; i < repeat; i++) {
  const snapshot = parseSnapshot(files);
  const result = applyRun(
    { snapshot, reports: { tests: t0, problems: [], filesRead: 1 }, filesMatched: 1, testOutcome: 'failure', run, now: run.time + 60_000 },
    { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY, normalise: normalizeErrorMessage, scoreTests: statsScores(run.time) },
  );
  let c = cpu();
  const cf = clusterFiles(files, result, () => {});
  out.clusterFiles!.push(cpu() - c);
  c = cpu();
  const facts = factsFor(result);
  out.factsFor!.push(cpu() - c);
  if (i === 0) text = JSON.stringify([[...cf], facts]);
}
console.log(
  `${ROOT} ${tests}: ${Object.entries(out)
    .map(([k, v]) => `${k} CPU ${v.map((x) => x.toFixed(0)).join(', ')} ms`)
    .join('; ')}; facts+clusters sha ${(await import('node:crypto')).createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
);
