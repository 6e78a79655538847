/**
 * JUnit parsing benchmark: generates Surefire/jest-shaped reports with 10k and 100k test cases (~10% failing,
 * with messages and 25-frame stack traces, some skipped, some captured output) into a temp dir, then parses
 * each with parseReportFiles in a fresh child process, so the peak RSS reported is that of one parse.
 *
 *   node_modules/.bin/node scripts/bench/parse.ts            # prints a table
 *   node_modules/.bin/node scripts/bench/parse.ts --json     # prints the rows as JSON
 *
 * Each size is parsed RUNS times (one child each); the row gives the median time and the largest peak RSS.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { once } from 'node:events';

export interface BenchRow {
  name: string;
  cases: number;
  bytes: number;
  /** Wall-clock ms of parseReportFiles (median of RUNS children). */
  ms: number;
  mbPerSec: number;
  /** Largest peak RSS of the children, MiB (process.resourceUsage().maxRSS, includes Node itself). */
  peakRssMb: number;
  /** CPU ms (user + system, all threads) of the parse, median; steadier than `ms` on a busy machine. */
  cpuMs: number;
}

const SIZES = [10_000, 100_000];
const RUNS = 3;
const WORKSPACE = '/home/runner/work/app/app';
const SELF = fileURLToPath(import.meta.url);

/** Deterministic PRNG (mulberry32) so every run generates the same bytes. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/** Writes a report with `cases` testcases in suites of 100; returns its path. */
export async function generateReport(dir: string, cases: number): Promise<string> {
  const path = join(dir, `TEST-bench-${cases}.xml`);
  const out = createWriteStream(path);
  const rand = rng(cases);
  let chunk: string[] = [];
  const write = async (s: string): Promise<void> => {
    chunk.push(s);
    if (chunk.length >= 2000) {
      if (!out.write(chunk.join(''))) await once(out, 'drain');
      chunk = [];
    }
  };
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="bench" tests="' + cases + '">\n');
  const perSuite = 100;
  for (let s = 0; s * perSuite < cases; s++) {
    const pkg = `com.example.module${s % 37}`;
    const cls = `${pkg}.Service${s}Test`;
    await write(`  <testsuite name="${cls}" tests="${perSuite}" timestamp="2026-11-21T10:${String(s % 60).padStart(2, '0')}:00" time="12.5">\n`);
    await write('    <properties>\n      <property name="java.version" value="21.0.2"/>\n      <property name="os.name" value="Linux"/>\n    </properties>\n');
    for (let k = 0; k < perSuite && s * perSuite + k < cases; k++) {
      const i = s * perSuite + k;
      const name = `should handle case ${i} when input is ${rand() < 0.5 ? 'valid' : 'invalid <edge>'}`;
      const time = (rand() * 2).toFixed(3);
      const r = rand();
      if (r < 0.1) {
        const frames: string[] = [];
        for (let f = 0; f < 25; f++) {
          frames.push(
            f % 3 === 0
              ? `    at ${cls}.step${f}(${WORKSPACE}/src/test/java/com/example/module${s % 37}/Service${s}Test.java:${40 + f})`
              : `    at org.junit.platform.engine.support.hierarchical.NodeTestTask.executeRecursively(NodeTestTask.java:${100 + f})`,
          );
        }
        const msg = `expected: <${i}> but was: <${i + 1}> & "more"`;
        await write(
          `    <testcase name="${escapeAttr(name)}" classname="${cls}" time="${time}">\n` +
            `      <failure message="${escapeAttr(msg)}" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: ${msg}\n${frames.join('\n')}\n]]></failure>\n` +
            `      <system-out><![CDATA[INFO starting case ${i}\nDEBUG payload={"id":${i},"ok":false}\n]]></system-out>\n` +
            '    </testcase>\n',
        );
      } else if (r < 0.13) {
        await write(`    <testcase name="${escapeAttr(name)}" classname="${cls}" time="0"><skipped message="disabled on CI"/></testcase>\n`);
      } else {
        await write(`    <testcase name="${escapeAttr(name)}" classname="${cls}" time="${time}"/>\n`);
      }
    }
    await write('  </testsuite>\n');
  }
  await write('</testsuites>\n');
  if (chunk.length > 0) out.write(chunk.join(''));
  out.end();
  await once(out, 'finish');
  return path;
}

/** Child side: parse one file, print {cases, attempts, problems, ms, maxRssKb} as JSON. */
async function child(file: string): Promise<void> {
  const { parseReportFiles } = await import(pathToFileURL(join(SELF, '..', '..', '..', 'src', 'junit', 'index.ts')).href);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await parseReportFiles([file], { workspace: WORKSPACE });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const attempts = r.tests.reduce((n: number, t: { attempts: unknown[] }) => n + t.attempts.length, 0);
  process.stdout.write(JSON.stringify({ cases: r.tests.length, attempts, problems: r.problems.length, ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS }) + '\n');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchParse(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'flakeguard-bench-parse-'));
  try {
    const rows: BenchRow[] = [];
    for (const cases of SIZES) {
      const file = await generateReport(dir, cases);
      const bytes = (await stat(file)).size;
      const times: number[] = [];
      const cpus: number[] = [];
      let peak = 0;
      let parsed = 0;
      for (let run = 0; run < RUNS; run++) {
        const out = execFileSync(process.execPath, [SELF, '--child', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
        const res = JSON.parse(out.trim().split('\n').pop()!) as { cases: number; problems: number; ms: number; cpuMs: number; maxRssKb: number };
        if (res.problems !== 0) throw new Error(`benchmark report ${file} gave ${res.problems} problem(s)`);
        times.push(res.ms);
        cpus.push(res.cpuMs);
        peak = Math.max(peak, res.maxRssKb);
        parsed = res.cases;
      }
      if (parsed !== cases) throw new Error(`expected ${cases} cases, parsed ${parsed}`);
      const ms = median(times);
      rows.push({
        name: `${cases / 1000}k cases`,
        cases,
        bytes,
        ms: Math.round(ms),
        mbPerSec: Math.round((bytes / 1e6 / (ms / 1000)) * 10) / 10,
        peakRssMb: Math.round(peak / 1024),
        cpuMs: Math.round(median(cpus)),
      });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function table(rows: BenchRow[]): string {
  const head = ['name', 'cases', 'MB', 'ms', 'CPU ms', 'MB/s', 'peak RSS MB'];
  const body = rows.map((r) => [r.name, String(r.cases), (r.bytes / 1e6).toFixed(1), String(r.ms), String(r.cpuMs), String(r.mbPerSec), String(r.peakRssMb)]);
  const widths = head.map((h, k) => Math.max(h.length, ...body.map((b) => b[k]!.length)));
  const line = (cells: string[]): string => '| ' + cells.map((c, k) => c.padEnd(widths[k]!)).join(' | ') + ' |';
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...body.map(line)].join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(pathToFileURL(process.argv[1])) === SELF) {
  if (process.argv[2] === '--child') {
    await child(process.argv[3]!);
  } else {
    const rows = await benchParse();
    if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
    else {
      console.log(`JUnit parsing, node ${process.version}, ${RUNS} runs per size (median time, max peak RSS), load average ${loadavg()[0]!.toFixed(1)}`);
      console.log(table(rows));
    }
  }
}
