/**
 * A custom `rerun` command for dist-level tests, by the public contract (docs/rerun.md): it reads the tests of
 * the round from FLAKEGUARD_RERUN_TESTS and writes one JUnit report to FLAKEGUARD_RERUN_REPORT. Each test's
 * outcomes come from a behaviour file, one letter per execution (the last repeats), counted in a counter file
 * beside it, so a flaky test is deterministic. It never evaluates a test name.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface FakeBehaviour {
  /** Outcomes by test name: 'P' pass, 'F' failure, 'E' error, 'S' skipped, one per execution; the last repeats. Default 'P'. */
  tests?: Record<string, string>;
  /**
   * Failure message by test name. Without one, a failure has no message: it cannot be compared with the run's
   * (src/rerun/signature.ts), so the stopping rule alone decides, as for a runner that writes none.
   */
  messages?: Record<string, string>;
  /** Rounds that write no report (and exit 3). */
  noReport?: number[];
  /** Rounds that write a broken report. */
  brokenReport?: number[];
  /** Seconds to sleep before writing anything. */
  sleep?: number;
  /**
   * Tests (classname, name) the report adds although nobody asked for them; with `suite`, in a `<testsuite>` of that
   * name of their own (an empty classname makes the suite part of the id, docs/test-ids.md).
   */
  unasked?: Array<{ classname: string; name: string; attempts: string; suite?: string }>;
  /** Tests the report leaves out although they were asked for. */
  leaveOut?: string[];
  /**
   * Honours FLAKEGUARD_RERUN_REPEAT: each asked test runs that many times, one testcase per execution, in order.
   * Without it the fake runs each test once whatever the variable says (a command written before the variable).
   */
  repeat?: boolean;
}

const SCRIPT = String.raw`
import { readFileSync, writeFileSync, existsSync, appendFileSync } from 'node:fs';
const behaviourPath = process.argv[2];
const behaviour = JSON.parse(readFileSync(behaviourPath, 'utf8'));
const counterPath = behaviourPath + '.counter.json';
const counters = existsSync(counterPath) ? JSON.parse(readFileSync(counterPath, 'utf8')) : {};
const round = Number(process.env.FLAKEGUARD_RERUN_ROUND);
const tests = readFileSync(process.env.FLAKEGUARD_RERUN_TESTS, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const asked = process.env.FLAKEGUARD_RERUN_REPEAT;
const repeat = behaviour.repeat && /^[1-9][0-9]*$/.test(asked ?? '') ? Number(asked) : 1;
appendFileSync(behaviourPath + '.log.jsonl', JSON.stringify({ round, tests, report: process.env.FLAKEGUARD_RERUN_REPORT, cwd: process.cwd(), repeat: asked ?? null }) + '\n');
if (behaviour.sleep) await new Promise((r) => setTimeout(r, behaviour.sleep * 1000));
console.log('fake runner: round ' + round + ', ' + tests.length + ' tests');
console.log('::error::a workflow command printed by the tests');
if ((behaviour.noReport ?? []).includes(round)) { console.log('crashed before writing a report'); process.exit(3); }
if ((behaviour.brokenReport ?? []).includes(round)) { writeFileSync(process.env.FLAKEGUARD_RERUN_REPORT, '<testsuites><testsuite'); process.exit(1); }
const x = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cases = [];
const own = [];
let failed = false;
const one = (classname, name, code, message, into = cases) => {
  const tag = code === 'F' ? 'failure' : 'error';
  const inner = (code === 'F' || code === 'E') ? (message === undefined ? '<' + tag + '/>' : '<' + tag + ' message="' + x(message) + '">' + x(message) + '</' + tag + '>')
    : code === 'S' ? '<skipped/>' : '';
  if (code === 'F' || code === 'E') failed = true;
  into.push('<testcase classname="' + x(classname) + '" name="' + x(name) + '" time="0.01">' + inner + '</testcase>');
};
for (const t of tests) {
  if ((behaviour.leaveOut ?? []).includes(t.name)) continue;
  const seq = (behaviour.tests ?? {})[t.name] ?? 'P';
  for (let k = 0; k < repeat; k++) {
    const i = counters[t.id] ?? 0;
    counters[t.id] = i + 1;
    one(t.classname, t.name, seq[Math.min(i, seq.length - 1)], (behaviour.messages ?? {})[t.name]);
  }
}
for (const u of behaviour.unasked ?? []) {
  const into = u.suite === undefined ? cases : [];
  for (const c of u.attempts) one(u.classname, u.name, c, 'unasked', into);
  if (u.suite !== undefined) own.push('<testsuite name="' + x(u.suite) + '">' + into.join('') + '</testsuite>');
}
writeFileSync(counterPath, JSON.stringify(counters));
writeFileSync(process.env.FLAKEGUARD_RERUN_REPORT, '<?xml version="1.0"?>\n<testsuites><testsuite name="rerun">' + cases.join('') + '</testsuite>' + own.join('') + '</testsuites>\n');
process.exit(failed ? 1 : 0);
`;

export interface Fake {
  /** The value of the `rerun` input. */
  command: string;
  setBehaviour(b: FakeBehaviour): Promise<void>;
  /** What each round was asked, in order. */
  /** What each start of the command was asked, in order (`repeat`: FLAKEGUARD_RERUN_REPEAT as it was set, or null). */
  rounds(): Promise<Array<{ round: number; tests: Array<{ id: string; classname: string; name: string }>; report: string; cwd: string; repeat: string | null }>>;
}

/** Writes the fake runner into `dir` (outside the workspace). */
export async function createFake(dir: string, behaviour: FakeBehaviour = {}): Promise<Fake> {
  await mkdir(dir, { recursive: true });
  const script = join(dir, 'rerun-fake.mjs');
  const behaviourPath = join(dir, 'behaviour.json');
  await writeFile(script, SCRIPT);
  const fake: Fake = {
    command: `node '${script}' '${behaviourPath}'`,
    setBehaviour: async (b) => {
      await writeFile(behaviourPath, JSON.stringify(b));
      await writeFile(`${behaviourPath}.counter.json`, '{}');
      await writeFile(`${behaviourPath}.log.jsonl`, '');
    },
    rounds: async () => {
      const path = `${behaviourPath}.log.jsonl`;
      if (!existsSync(path)) return [];
      return (await readFile(path, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    },
  };
  await fake.setBehaviour(behaviour);
  return fake;
}
