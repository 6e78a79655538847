/**
 * Real open-source suites through the presets (not in CI: it installs from the registry and runs whole suites).
 *
 *   npm run suites -- --list
 *   npm run suites -- run <name> [--sample N] [--batch B] [--source TEMPLATE] [--probe] [--skip-failures] [--rerun-timeout S] [--run-timeout S]
 *   npm run suites -- summary
 *
 * `run` checks the suite out into .suites/<name> (from TEMPLATE, `{repo}`, `{owner}` and `{name}` replaced: a git URL
 * or a local git directory; default $FLAKEGUARD_SUITES_SOURCE, else /work/.mirror/{owner}+{name}/repo), installs its
 * dependencies, runs it once with its JUnit reporter, then:
 *   1. the clean check: the report as it is, through dist/index.js without re-runs (twins must not read as retries);
 *   2. the round trip: N passing tests (evenly spaced, plus every twin and every name with a control character) are
 *      marked failed in a copy of the report, in batches of B, and dist/index.js runs with `rerun: <preset>`; a marked
 *      test round-trips when the step proves it flaky (its preset found it, ran it, it passed).
 * Each step runs the bundled action under Node 24 with the checkout as workspace and a local bare repository as the
 * data branch's remote (the branch is deleted between steps). Results go to .suites/results/<name>.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseReportRaw, parseReportText, testId, twinName } from '../../src/junit/index.ts';
import { DIST_ENTRY, NODE24, PROJECT_ROOT, parseOutputFile } from '../../test/support/action.ts';
import { controlCharsInXml, flipToFailed, hasControlChar, probeSource, readStepOutputs, sample, skipFailures, scanTestcases, validateManifest, verdictFor, type Suite, type Verdict } from './core.ts';

const ROOT = join(PROJECT_ROOT, '.suites');
const STATE = join(ROOT, '.state');
const RESULTS = join(ROOT, 'results');
const manifest = validateManifest(JSON.parse(readFileSync(join(import.meta.dirname, 'manifest.json'), 'utf8')));

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const PATH = `${dirname(NODE24)}:${process.env.PATH ?? ''}`;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function run(argv: string[], cwd: string, env: Record<string, string> = {}, timeoutMs = 20 * 60_000): Promise<Ran> {
  const started = Date.now();
  return new Promise((res) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env: { ...process.env, PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      stderr += String(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      res({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

async function must(argv: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  const r = await run(argv, cwd, env);
  if (r.code !== 0) throw new Error(`${argv.join(' ')} (in ${cwd}) exited ${r.code}:\n${r.stderr.slice(-4000)}${r.stdout.slice(-2000)}`);
  return r.stdout;
}

const IDENTITY = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@example.com', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@example.com' };

async function checkout(s: Suite): Promise<string> {
  const dir = join(ROOT, s.name);
  const [owner, name] = s.repo.split('/') as [string, string];
  const template = arg('--source', process.env.FLAKEGUARD_SUITES_SOURCE ?? '/work/.mirror/{owner}+{name}/repo');
  const source = template.replaceAll('{repo}', s.repo).replaceAll('{owner}', owner).replaceAll('{name}', name);
  if (!existsSync(dir)) {
    mkdirSync(ROOT, { recursive: true });
    await must(['git', 'clone', '-q', '--no-checkout', source, dir], ROOT);
    await must(['git', 'checkout', '-q', '--detach', s.commit], dir);
  }
  const head = (await must(['git', 'rev-parse', 'HEAD'], dir)).trim();
  if (head !== s.commit) throw new Error(`${dir} is at ${head}, not ${s.commit}: remove it to check out again`);
  // The data branch's remote: a local bare repository holding the commit under test on main.
  const remote = join(STATE, `${s.name}.remote.git`);
  if (!existsSync(remote)) {
    mkdirSync(STATE, { recursive: true });
    await must(['git', 'init', '-q', '--bare', '-b', 'main', remote], STATE);
    await run(['git', 'remote', 'remove', 'origin'], dir);
    await must(['git', 'remote', 'add', 'origin', remote], dir);
    await must(['git', 'push', '-q', 'origin', `${s.commit}:refs/heads/main`], dir, IDENTITY);
  }
  const marker = join(STATE, `${s.name}.installed`);
  if (!existsSync(marker)) {
    for (const argv of s.install) {
      console.log(`[${s.name}] $ ${argv.join(' ')}`);
      await must(argv, dir, s.env);
    }
    writeFileSync(marker, new Date().toISOString());
  }
  return dir;
}

interface StepResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  ms: number;
}

let stepCounter = 0;
/** One flakeguard step: dist/index.js under Node 24, as tests/support/action.ts World.run does. */
async function step(s: Suite, dir: string, inputs: Record<string, string>): Promise<StepResult> {
  const remote = join(STATE, `${s.name}.remote.git`);
  await run(['git', 'update-ref', '-d', 'refs/heads/flakeguard-data'], remote);
  const runner = join(STATE, `${s.name}.runner`, `step-${++stepCounter}`);
  rmSync(runner, { recursive: true, force: true });
  mkdirSync(join(runner, 'temp'), { recursive: true });
  const files = { output: join(runner, 'output'), summary: join(runner, 'summary'), event: join(runner, 'event.json') };
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  writeFileSync(files.event, JSON.stringify({ repository: { default_branch: 'main', full_name: 'octo/project' } }));
  const env: Record<string, string> = {
    PATH,
    HOME: process.env.HOME ?? runner,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: dir,
    GITHUB_REPOSITORY: 'octo/project',
    GITHUB_REPOSITORY_OWNER: 'octo',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'http://127.0.0.1:9',
    GITHUB_RUN_ID: String(5000 + stepCounter),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_RUN_NUMBER: String(stepCounter),
    GITHUB_JOB: 'test',
    GITHUB_WORKFLOW: 'CI',
    GITHUB_ACTION: 'flakeguard',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_SHA: s.commit,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: join(runner, 'temp'),
    RUNNER_OS: 'Linux',
    ...s.env,
  };
  for (const [k, v] of Object.entries({ token: '', 'check-run': 'false', ...inputs })) env[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = v;
  const started = Date.now();
  const r = await new Promise<Ran>((res) => {
    const child = spawn(NODE24, [DIST_ENTRY], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => res({ code, stdout, stderr, ms: Date.now() - started }));
  });
  const result = { exitCode: r.code, stdout: r.stdout, stderr: r.stderr, outputs: parseOutputFile(readFileSync(files.output, 'utf8')), summary: readFileSync(files.summary, 'utf8'), ms: r.ms };
  writeFileSync(join(runner, 'stdout'), r.stdout);
  writeFileSync(join(runner, 'stderr'), r.stderr);
  return result;
}

interface Failure {
  id: string;
  verdict: Verdict;
  why?: string;
}

async function runSuite(s: Suite): Promise<void> {
  const sampleSize = Number(arg('--sample', '200'));
  const batch = Number(arg('--batch', '100'));
  const dir = await checkout(s);
  const reportsDir = '.flakeguard-suites';
  const reportPath = join(dir, s.report);
  rmSync(reportPath, { force: true });
  mkdirSync(dirname(reportPath), { recursive: true });
  // --probe: a test file of the harness's own (control characters, twins; every test passes) joins the real suite.
  const probe = process.argv.includes('--probe');
  if (probe && s.probe === undefined) throw new Error(`[${s.name}] no probe path in the manifest`);
  const argv = probe && s.probeArg ? [...s.run, s.probe!] : s.run;
  if (probe) writeFileSync(join(dir, s.probe!), probeSource(s.preset));
  console.log(`[${s.name}] $ ${argv.join(' ')}`);
  // --run-timeout: a run that does not exit (mocha without --exit, a server left open) is ended; its report stays.
  const original = await run(argv, dir, s.env, Number(arg('--run-timeout', '1200')) * 1000);
  if (!existsSync(reportPath)) throw new Error(`[${s.name}] the run wrote no ${s.report} (exit ${original.code}):\n${original.stderr.slice(-3000)}`);
  const xml = readFileSync(reportPath, 'utf8');
  const parsed = parseReportText(xml, s.report);
  if (parsed.problems.length > 0) console.log(`[${s.name}] report problems: ${parsed.problems.map((p) => p.message).join('; ')}`);
  const spans = scanTestcases(xml);
  const passing = spans.map((sp, i) => (sp.passed ? i : -1)).filter((i) => i >= 0);
  const passedTests = parsed.tests.filter((t) => t.attempts.every((a) => a.status === 'passed'));
  const failedOriginally = parsed.tests.filter((t) => t.attempts.some((a) => a.status === 'failed' || a.status === 'error'));
  // Twins: tests the parser named `<name> [n]`, and their first (unsuffixed) twin.
  const twinIds = new Set<string>();
  for (const t of parsed.tests) if (t.twin !== undefined) twinIds.add(t.id).add(t.id.replace(/ \[\d+\]$/, ''));
  const controlIds = parsed.tests.filter((t) => hasControlChar(t.id)).map((t) => t.id);
  console.log(
    `[${s.name}] exit ${original.code} in ${(original.ms / 1000).toFixed(1)} s: ${spans.length} testcases, ${parsed.tests.length} tests (${passedTests.length} passed, ${failedOriginally.length} failed), ${parsed.twins?.count ?? 0} twin titles, ${controlIds.length} names with control characters`,
  );

  // 1. The clean check: the report as written, no re-runs.
  const cleanDir = join(dir, reportsDir);
  rmSync(cleanDir, { recursive: true, force: true });
  mkdirSync(cleanDir, { recursive: true });
  writeFileSync(join(cleanDir, 'report.xml'), xml);
  const clean = await step(s, dir, { reports: `${reportsDir}/**/*.xml`, 'test-outcome': original.code === 0 ? 'success' : 'failure' });
  const cleanCheck = {
    outcome: clean.outputs.outcome,
    failedTests: clean.outputs['failed-tests'],
    retryWords: /\b[1-9]\d* passed on retry/.test(clean.summary),
    twinWarning: /duplicat/i.test(clean.stdout),
    exitCode: clean.exitCode,
  };
  console.log(`[${s.name}] clean check: ${JSON.stringify(cleanCheck)}`);

  // 2. The round trip. Each marked testcase is found back by its id in the flipped report.
  // Each testcase's id, as the parser gives it (twins suffixed in order): twins and control characters always marked.
  const raw = parseReportRaw(xml, s.report);
  const caseIds: string[] = [];
  const seen = new Map<string, number>();
  for (const c of raw.cases) {
    const first = testId(c);
    caseIds.push(raw.oneCasePerTest ? testId({ ...c, name: twinName(c.name, first, seen).name }) : first);
  }
  if (caseIds.length !== spans.length) console.log(`[${s.name}] the parser read ${caseIds.length} testcases, the scanner ${spans.length}: twins and control characters not forced into the sample`);
  const isProbe = (id: string): boolean => id.includes('flakeguard probe');
  const always = caseIds.length === spans.length ? passing.filter((i) => (probe ? isProbe(caseIds[i]!) : twinIds.has(caseIds[i]!) || hasControlChar(caseIds[i]!))) : [];
  const chosenPos = sample(
    passing.length,
    probe ? 0 : sampleSize,
    always.map((i) => passing.indexOf(i)),
  );
  const chosen = chosenPos.map((p) => passing[p]!);
  const failures: Failure[] = [];
  let roundTrips = 0;
  let marked = 0;
  const costs: string[] = [];
  const twinVerdicts: Record<string, Verdict> = {};
  const controlVerdicts: Record<string, Verdict> = {};
  const originalFailed = new Set(failedOriginally.map((t) => t.id));
  // --skip-failures: the suite's own failures are skipped in the marked copies (not re-run in every batch).
  const skip = process.argv.includes('--skip-failures');
  for (let b = 0; b < chosen.length; b += batch) {
    const part = chosen.slice(b, b + batch);
    const flipped = flipToFailed(skip ? skipFailures(xml) : xml, part);
    const ids = parseReportText(flipped, s.report)
      .tests.filter((t) => !originalFailed.has(t.id) && t.attempts.some((a) => a.type === 'SuitesHarness'))
      .map((t) => t.id);
    rmSync(cleanDir, { recursive: true, force: true });
    mkdirSync(cleanDir, { recursive: true });
    writeFileSync(join(cleanDir, 'report.xml'), flipped);
    const r = await step(s, dir, {
      reports: `${reportsDir}/**/*.xml`,
      rerun: s.preset,
      'test-outcome': 'failure',
      'rerun-max-tests': String(part.length + originalFailed.size + 5),
      'rerun-timeout': arg('--rerun-timeout', '1200'),
    });
    const out = readStepOutputs(r.outputs);
    const cost = /Cost: ([^\n|]*)/.exec(r.summary)?.[1]?.trim() ?? '';
    costs.push(cost);
    let ok = 0;
    for (const id of ids) {
      const v = verdictFor(id, out);
      if (twinIds.has(id)) twinVerdicts[id] = v.verdict;
      if (hasControlChar(id)) controlVerdicts[id] = v.verdict;
      if (v.verdict === 'round-trip') ok++;
      else failures.push({ id, ...v });
    }
    marked += ids.length;
    roundTrips += ok;
    console.log(`[${s.name}] batch ${b / batch + 1}: ${ok}/${ids.length} round-trip (${part.length} testcases marked), step exit ${r.exitCode} in ${(r.ms / 1000).toFixed(1)} s; cost ${cost}`);
    if (ids.length === 0) console.log(r.stdout.slice(-3000));
  }
  rmSync(cleanDir, { recursive: true, force: true });
  if (probe) rmSync(join(dir, s.probe!), { force: true });
  // The probe's tests as flakeguard read them from the real report: each one test, passed at its only attempt.
  const probeTests = probe ? parsed.tests.filter((t) => isProbe(t.id)).map((t) => ({ id: t.id, attempts: t.attempts.map((a) => a.status).join(',') })) : undefined;
  const result = {
    probe,
    probeTests,
    suite: s,
    measuredAt: new Date().toISOString(),
    command: `npm run suites -- run ${s.name} ${probe ? '--probe' : `--sample ${sampleSize} --batch ${batch}`}${skip ? ' --skip-failures' : ''}${process.argv.includes('--run-timeout') ? ` --run-timeout ${arg('--run-timeout', '')}` : ''}${process.argv.includes('--rerun-timeout') ? ` --rerun-timeout ${arg('--rerun-timeout', '')}` : ''}`,
    originalExit: original.code,
    originalSeconds: Math.round(original.ms / 1000),
    testcases: spans.length,
    tests: parsed.tests.length,
    passed: passedTests.length,
    failedOriginally: failedOriginally.map((t) => t.id),
    reportProblems: parsed.problems.map((p) => p.message),
    twinTitles: parsed.twins?.count ?? 0,
    twinTests: twinIds.size,
    controlCharsInXml: controlCharsInXml(xml),
    controlIds,
    cleanCheck,
    marked,
    roundTrips,
    failures,
    twinVerdicts,
    controlVerdicts,
    costs,
  };
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, `${s.name}${probe ? '.probe' : ''}.json`), JSON.stringify(result, null, 2) + '\n');
  console.log(
    `[${s.name}] round trip ${roundTrips}/${marked}; ${failures.length} failures${
      failures.length
        ? ':\n  ' +
          failures
            .slice(0, 20)
            .map((f) => `${f.verdict}: ${JSON.stringify(f.id)} ${f.why ?? ''}`)
            .join('\n  ')
        : ''
    }`,
  );
}

function summary(): void {
  const rows: string[] = [
    '| suite | preset | repository@commit | tests | marked | round trip | twins (titles/tests, round trip) | control chars | clean check |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const perPreset = new Map<string, { marked: number; ok: number; suites: string[] }>();
  for (const s of manifest.suites) {
    const file = join(RESULTS, `${s.name}.json`);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8')) as {
      marked: number;
      roundTrips: number;
      tests: number;
      twinTitles: number;
      twinTests: number;
      twinVerdicts: Record<string, string>;
      controlIds: string[];
      controlCharsInXml: number;
      cleanCheck: { outcome: string; retryWords: boolean };
    };
    const tv = Object.values(r.twinVerdicts);
    const p = perPreset.get(s.preset) ?? { marked: 0, ok: 0, suites: [] };
    p.marked += r.marked;
    p.ok += r.roundTrips;
    p.suites.push(s.name);
    perPreset.set(s.preset, p);
    rows.push(
      `| ${s.name} | ${s.preset} | ${s.repo}@${s.commit.slice(0, 12)} | ${r.tests} | ${r.marked} | ${r.roundTrips}/${r.marked} | ${r.twinTitles}/${r.twinTests}, ${tv.filter((v) => v === 'round-trip').length}/${tv.length} | ${r.controlIds.length} names (${r.controlCharsInXml} in the XML) | ${r.cleanCheck.outcome}${r.cleanCheck.retryWords ? ', "passed on retry"' : ''} |`,
    );
  }
  console.log(rows.join('\n'));
  console.log('\n| preset | suites | round trip |\n| --- | --- | --- |');
  for (const [preset, p] of perPreset) console.log(`| ${preset} | ${p.suites.join(', ')} | ${p.ok}/${p.marked} (${((100 * p.ok) / Math.max(1, p.marked)).toFixed(1)}%) |`);
}

const command = process.argv[2];
if (command === '--list' || command === 'list') {
  for (const s of manifest.suites) console.log(`${s.name.padEnd(14)} ${s.preset.padEnd(10)} ${s.repo}@${s.commit}${s.note ? `  ${s.note}` : ''}`);
} else if (command === 'run') {
  const names = process.argv.slice(3).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  for (const name of names) {
    const s = manifest.suites.find((x) => x.name === name);
    if (!s) throw new Error(`no suite "${name}" (npm run suites -- --list)`);
    await runSuite(s);
  }
} else if (command === 'summary') {
  summary();
} else {
  console.log('usage: npm run suites -- --list | run <name>… [--sample N] [--batch B] [--source TEMPLATE] | summary');
  process.exitCode = 2;
}
