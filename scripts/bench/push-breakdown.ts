/**
 * Which files a clean run changes on a generated branch, by kind (history busy and quiet files, stats, the rest), raw
 * and deflated on their own: where the bytes of a schema-4 push come from (docs/benchmarks.md, "Schema 4's quiet shards").
 *
 *   node_modules/.bin/node --max-old-space-size=8000 scripts/bench/push-breakdown.ts .bench/cache/branch-100000t-200r-<…>.git 100000
 */
import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { buildSuite, runContextOf } from './step.ts';
import { applyRun, DEFAULT_APPLY_OPTIONS } from '../../src/pipeline/apply.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { normalizeErrorMessage } from '../../src/history/error-message.ts';
import { statsScores } from '../../src/pipeline/stats-scores.ts';
const repo = process.argv[2]!;
const tests = Number(process.argv[3]);
const ls = execFileSync('git', ['--git-dir', repo, 'ls-tree', '-r', 'flakeguard-data'], { maxBuffer: 1 << 30 })
  .toString()
  .trim()
  .split('\n');
const files = new Map<string, string>();
for (const l of ls) {
  const [meta, path] = l.split('\t');
  const sha = meta!.split(' ')[2]!;
  if (!path!.endsWith('.json')) continue;
  files.set(path!, execFileSync('git', ['--git-dir', repo, 'cat-file', 'blob', sha], { maxBuffer: 1 << 30 }).toString());
}
const suite = buildSuite(tests);
const run = runContextOf(200, 200, Date.UTC(2026, 10, 27));
const ctx = { ...run, time: run.time + 3_600_000, key: 'bench/next', runId: '99' };
const t0 = Date.now();
const snapshot = parseSnapshot(files);
const t1 = Date.now();
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
const kinds = new Map<string, [number, number, number]>();
for (const [path, text] of result.files) {
  if (files.get(path) === text) continue;
  const kind = path.startsWith('history/quiet-') ? 'quiet' : path.startsWith('history/') ? 'busy' : path.startsWith('stats/') ? 'stats' : path;
  const k = kinds.get(kind) ?? [0, 0, 0];
  k[0]++;
  k[1] += text.length;
  k[2] += deflateSync(text).length;
  kinds.set(kind, k);
}
console.log(`read ${t1 - t0} ms, apply ${t2 - t1} ms`);
for (const [kind, [n, raw, z]] of kinds) console.log(`${kind}: ${n} files changed, ${(raw / 1024).toFixed(0)} KiB raw, ${(z / 1024).toFixed(0)} KiB deflated`);
