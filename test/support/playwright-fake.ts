/**
 * A stand-in for `node_modules/.bin/playwright` for dist-level tests of the `playwright` preset (no browsers run on
 * this machine). It parses its command line the way Playwright's CLI (commander) does — an argument starting with
 * `-` before a `--` is an option, an unknown one is an error ("error: unknown option '…'", exit 1, no report),
 * everything after `--` is a file filter — then selects the project's tests as `playwright test` does: a test runs
 * when its file matches one of the file filters (regular expressions, case-insensitive, against the absolute path;
 * all files when none is given) and `chromium <file> <titles joined by spaces>` matches `--grep`. It writes the
 * junit reporter's shape (`classname` the file, `name` the titles joined by ` › `) to PLAYWRIGHT_JUNIT_OUTPUT_FILE,
 * and records every call's argv. `--repeat-each=N` runs each selected test N times, each execution its own testcase.
 * It never evaluates a test name.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NODE24 } from './action.ts';

export interface FakeSpec {
  file: string;
  titles: string[];
  /** 'P' or 'F', one per execution (the last repeats). Default 'P'. */
  outcomes?: string;
}

export interface PlaywrightCall {
  argv: string[];
  report: string;
  /** The tests it ran, `file` + ` › `-joined titles. */
  ran: Array<{ file: string; name: string }>;
  /** Set when the command line was refused. */
  refused?: string;
}

const SCRIPT = String.raw`
const { appendFileSync, existsSync, readFileSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { join, resolve } = process.getBuiltinModule('node:path');
const dir = process.env.FAKE_PLAYWRIGHT_DIR;
const project = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8'));
const countersPath = join(dir, 'counters.json');
const counters = existsSync(countersPath) ? JSON.parse(readFileSync(countersPath, 'utf8')) : {};
const argv = process.argv.slice(2);
const report = process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE;
const call = { argv, report, ran: [] };
const log = () => appendFileSync(join(dir, 'calls.jsonl'), JSON.stringify(call) + '\n');
// The options of 'playwright test' the preset may use (commander: '--name=value' or '--name value').
const VALUED = new Set(['--reporter', '--retries', '--grep', '-g', '--project', '--workers', '-c', '--config', '--repeat-each']);
const FLAGS = new Set(['--list', '--headed']);
if (argv[0] !== 'test') { call.refused = 'not a test command'; log(); process.exit(2); }
const filters = [];
let grep;
let repeat = 1;
for (let i = 1; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--') { filters.push(...argv.slice(i + 1)); break; }
  if (a.startsWith('-') && a !== '-') {
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (!VALUED.has(name) && !FLAGS.has(name)) {
      call.refused = "error: unknown option '" + a + "'";
      console.error(call.refused);
      log();
      process.exit(1);
    }
    const value = VALUED.has(name) ? (eq > 0 ? a.slice(eq + 1) : argv[++i]) : undefined;
    if (name === '--grep' || name === '-g') grep = value;
    if (name === '--repeat-each') repeat = Math.max(1, Number(value) || 1);
    continue;
  }
  filters.push(a);
}
const x = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cases = [];
let failed = false;
for (const t of project.tests) {
  const abs = resolve(process.cwd(), t.file);
  if (filters.length > 0 && !filters.some((f) => new RegExp(f, 'i').test(abs))) continue;
  if (grep !== undefined && !new RegExp(grep).test('chromium ' + t.file + ' ' + t.titles.join(' '))) continue;
  const name = t.titles.join(' › ');
  const key = t.file + '\n' + name;
  call.ran.push({ file: t.file, name });
  // --repeat-each: every execution its own testcase, in order, as Playwright's junit reporter lists them.
  for (let r = 0; r < repeat; r++) {
    const i = counters[key] ?? 0;
    counters[key] = i + 1;
    const seq = t.outcomes ?? 'P';
    const code = seq[Math.min(i, seq.length - 1)];
    if (code === 'F') failed = true;
    cases.push('<testcase classname="' + x(t.file) + '" name="' + x(name) + '" time="0.01">' + (code === 'F' ? '<failure message="failed on re-run">failed on re-run</failure>' : '') + '</testcase>');
  }
}
writeFileSync(countersPath, JSON.stringify(counters));
log();
writeFileSync(report, '<?xml version="1.0"?>\n<testsuites><testsuite name="chromium">' + cases.join('') + '</testsuite></testsuites>\n');
console.log('fake playwright: ' + cases.length + ' tests');
process.exit(failed ? 1 : 0);
`;

export interface FakePlaywright {
  /** The environment the action's run needs (the fake's folder). */
  env: Record<string, string>;
  calls(): Promise<PlaywrightCall[]>;
}

/** Installs the fake as `node_modules/.bin/playwright` of `workspace`, its state in `dir` (outside the workspace). */
export async function installFakePlaywright(workspace: string, dir: string, tests: FakeSpec[]): Promise<FakePlaywright> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'project.json'), JSON.stringify({ tests }));
  const bin = join(workspace, 'node_modules/.bin');
  await mkdir(bin, { recursive: true });
  const script = join(bin, 'playwright');
  await writeFile(script, `#!${NODE24}\n${SCRIPT}`);
  await chmod(script, 0o755);
  return {
    env: { FAKE_PLAYWRIGHT_DIR: dir },
    calls: async () => {
      const path = join(dir, 'calls.jsonl');
      if (!existsSync(path)) return [];
      return (await readFile(path, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as PlaywrightCall);
    },
  };
}
