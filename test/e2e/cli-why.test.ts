/**
 * `flakeguard why` as users run it (docs/why.md): the bundled dist/cli/index.js under Node 24 against a data branch
 * in a real bare repository written by the bundled action, with a quarantined test that has a co-failure cluster,
 * an onset (its range's commits read from the workspace's git) and a diagnosis (a hand-written diagnoses.json).
 * Every `--json` answer is validated with ajv against docs/why.schema.json, the schema docs/why.md documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as ajvFormatsModule from 'ajv-formats';
import { NODE24, PROJECT_ROOT, World, git, junitXml, type CaseSpec } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';
import { vitest } from '../../src/rerun/presets/js.ts';
import { shellLine } from '../../src/text/shell.ts';

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');
/** The `--json` document as read back: checked by the schema first, then field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any shape; the schema is what types it
type Answer = Record<string, any>;

function cli(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

const READS = 'db.Pool::reads';
const WRITES = 'db.Pool::writes';
/** A member of the cluster with a hostile name: a bidi override, markup, a mention, backticks. */
const HOSTILE_NAME = 'rows \u202e<img src=x> @mallory `x`';
const HOSTILE = `db.Pool::${HOSTILE_NAME}`;
const STABLE = 'util.Text::trims';
const MESSAGE = 'connect ECONNRESET 10.0.0.7:5432';
/** A polluter's id as a diagnoses.json may hold it: an ANSI sequence that would clear the screen. */
const POLLUTER = 'db.Pool::writes\u001b[2J';

const cases = (attempts: string): CaseSpec[] => [
  { classname: 'db.Pool', name: 'reads', attempts, file: 'tests/db/pool.test.ts', line: 12, message: MESSAGE },
  { classname: 'db.Pool', name: 'writes', attempts, file: 'tests/db/pool.test.ts', line: 30, message: MESSAGE },
  { classname: 'db.Pool', name: HOSTILE_NAME, attempts, file: 'tests/db/pool.test.ts', line: 44, message: MESSAGE },
  { classname: 'util.Text', name: 'trims', file: 'tests/util/text.test.ts' },
];

let world: World;
let validate: ReturnType<Ajv2020['compile']>;

beforeAll(async () => {
  const schema = JSON.parse(await readFile(join(PROJECT_ROOT, 'docs/why.schema.json'), 'utf8')) as object;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  type AddFormats = (ajv: Ajv2020) => Ajv2020;
  const formats = ajvFormatsModule as unknown as { default: AddFormats & { default?: AddFormats } };
  (formats.default.default ?? formats.default)(ajv);
  validate = ajv.compile(schema);

  world = await World.create();
  await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\ntests/db/  @alice\n');
  await world.writeReport('.github/workflows/ci.yml', 'jobs:\n  test:\n    steps:\n      - uses: flakeguard/flakeguard@v1\n        with:\n          rerun: vitest\n');
  await git(world.workspace, ['add', '-A']);
  // Six green runs, then a change to the tests' folder, then three runs in which the db tests fail together and pass
  // on a retry: they are quarantined, one cluster, and their failure rate rose in a range holding that change.
  for (let i = 1; i <= 6; i++) {
    await world.commit(`change ${i}`);
    await world.writeReport('reports/junit.xml', junitXml(cases('P')));
    expectOutcome(await world.run(), 'success');
  }
  await world.writeReport('tests/db/pool.test.ts', 'export const shared = true;\n');
  await git(world.workspace, ['add', 'tests/db/pool.test.ts']);
  await world.commit('db: share one pool between the tests');
  for (let i = 7; i <= 9; i++) {
    if (i > 7) await world.commit(`change ${i}`);
    await world.writeReport('reports/junit.xml', junitXml(cases('FP')));
    expectOutcome(await world.run(), 'success');
  }
  const diagnosis = {
    category: 'order-dependent',
    at: '2026-11-29T02:00:00Z',
    sha: 'abc1234',
    polluter: POLLUTER,
    evidence: [
      { variation: 'alone', executions: 20, failures: 0 },
      { variation: 'full-order', executions: 20, failures: 9, detail: 'after db.Pool::writes \u001b[31mred' },
    ],
  };
  await world.editDataFile('diagnoses.json', () => `{"schema": 1, "tests": {\n${JSON.stringify(READS)}: ${JSON.stringify(diagnosis)}\n}}\n`);
}, 300_000);
afterAll(async () => {
  await world?.dispose();
});

const remote = () => ['--remote', world.remote];

describe('flakeguard why', () => {
  it('answers for a quarantined test with its verdict, cluster, onset, diagnosis, cost and re-run command, as JSON the schema accepts', async () => {
    const r = await cli(['why', 'reads', '--json', ...remote()], world.workspace);
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as Answer;
    expect(validate(a), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(a.schema).toBe(1);
    expect(a.test).toEqual({ id: READS, classname: 'db.Pool', name: 'reads', file: 'tests/db/pool.test.ts', line: 12 });
    expect(a.verdict.state).toBe('quarantined');
    expect(a.verdict.reason).toMatch(/failed and passed on the same commit/);
    expect(a.verdict.decisions.map((d: { event: string }) => d.event)).toContain('quarantined');
    expect(a.verdict.scores.pfs.value).toBeGreaterThan(0);
    // The cluster: the three db tests, the hostile name carried exactly.
    expect(a.cluster.id).toBe(1);
    expect(a.cluster.members).toEqual([HOSTILE, READS, WRITES].sort());
    expect(a.cluster.others).toEqual([HOSTILE, WRITES].sort());
    expect(a.cluster.signature).toBe('connect econnreset #.#.#.#:line');
    // The onset: the rate rose, in a range of runs whose commits include the one that touched tests/db/.
    expect(a.onset.direction).toBe('up');
    expect(a.onset.after.failures).toBe(3);
    expect(a.onset.runs.lastSeq).toBe(7);
    expect(a.onset.commits.via).toBe('git');
    expect(a.onset.commits.folder).toBe('tests/db/');
    expect(a.onset.commits.touching.map((c: { subject: string }) => c.subject)).toEqual(['db: share one pool between the tests']);
    // The diagnosis as diagnoses.json has it.
    expect(a.diagnosis.category).toBe('order-dependent');
    expect(a.diagnosis.polluter).toBe(POLLUTER);
    expect(a.diagnosis.evidence).toHaveLength(2);
    // Cost: re-run executions in three runs.
    expect(a.cost.failedRuns).toBe(3);
    expect(a.cost.rerunExecutions).toBe(3);
    // What a person needs to start: owners, history, signatures, and the re-run command from the workflow's `rerun:`.
    expect(a.owners).toMatchObject({ path: 'tests/db/pool.test.ts', via: 'file', owners: ['@alice'], codeowners: '.github/CODEOWNERS' });
    expect(a.history.kept).toBe(9);
    expect(a.history.runs.at(-1)).toMatchObject({ seq: 9, outcome: 'flaky', attempts: 'FP' });
    expect(a.signatures).toEqual([expect.objectContaining({ signature: 'connect econnreset 10.0.0.7:line', count: 3, lastSeq: 9 })]);
    expect(a.rerun.kind).toBe('preset');
    expect(a.rerun.preset).toBe('vitest');
    expect(a.rerun.input).toBe('vitest');
    // Exactly the process the re-run step starts for this test with the vitest preset (src/rerun/presets/js.ts).
    const [step] = vitest.commands([{ id: READS, classname: 'db.Pool', name: 'reads', file: 'tests/db/pool.test.ts' }], 'flakeguard-rerun/report.xml', 1);
    expect(a.rerun.argv).toEqual([step!.argv]);
    expect(a.rerun.commandLine).toBe(`mkdir -p flakeguard-rerun && ${shellLine(step!.argv)}`);
  });

  it('answers for a test with no cluster, onset or diagnosis, as JSON the schema accepts', async () => {
    const r = await cli(['why', STABLE, '--json', '--rerun', 'npm test -- --reporter=junit', ...remote()], world.workspace);
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as Answer;
    expect(validate(a), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(a.verdict.state).toBe('not-quarantined');
    expect(a.cluster).toBeNull();
    expect(a.onset).toBeNull();
    expect(a.diagnosis).toBeNull();
    expect(a.cost).toBeNull();
    expect(a.signatures).toEqual([]);
    expect(a.owners.owners).toEqual(['@octo/qa']);
    // The custom command with the contract's variables and the tests file written first.
    expect(a.rerun.kind).toBe('command');
    expect(JSON.parse(a.rerun.testsLine)).toEqual({ id: STABLE, classname: 'util.Text', name: 'trims', file: 'tests/util/text.test.ts' });
    expect(a.rerun.commandLine).toContain("FLAKEGUARD_RERUN_REPEAT=1 bash -c 'npm test -- --reporter=junit'");
  });

  it('says it in text for people, with hostile names escaped', async () => {
    const r = await cli(['why', 'db.Pool::reads', ...remote()], world.workspace);
    expect(r.code, r.stderr).toBe(0);
    const text = r.stdout;
    const a0 = JSON.parse((await cli(['why', READS, '--json', ...remote()], world.workspace)).stdout) as { rerun: { commandLine: string } };
    expect(text).toMatch(/State: QUARANTINED since \d{4}-/);
    expect(text).toContain('Cluster 1: 3 tests that fail in the same runs, with `connect econnreset #.#.#.#:line`; together in 3 runs');
    expect(text).toMatch(/flaky since [0-9a-f]{7}…[0-9a-f]{7}: failure rate rose from 0% \(0 of 6 runs\) to 100% \(3 of 3 runs\)/);
    expect(text).toContain('1 touched tests/db/');
    expect(text).toContain('db: share one pool between the tests');
    expect(text).toContain('order-dependent: it fails after another test runs before it');
    expect(text).toContain('Polluter: db.Pool::writes\\x1b[2J');
    expect(text).toContain('full-order (after db.Pool::writes \\x1b[31mred): 9 of 20 failed');
    expect(text).toContain('Owners: @alice (.github/CODEOWNERS line 2)');
    expect(text).toContain(a0.rerun.commandLine);
    expect(text).toContain('3×  connect econnreset 10.0.0.7:line  (last: run #9)');
    expect(text).toContain('rows <img src=x> @mallory `x`');
    // No control or direction character reaches the terminal.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
  });

  it('says clearly when no test or several tests match', async () => {
    const none = await cli(['why', 'no such test', ...remote()], world.workspace);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain("flakeguard why: No test on the data branch matches 'no such test' (exactly, or as a part of its id; 4 tests there).");
    const several = await cli(['why', 'db.Pool', '--json', ...remote()], world.workspace);
    expect(several.code).toBe(2);
    expect(several.stdout).toBe('');
    expect(several.stderr).toContain("'db.Pool' is part of 3 test ids; give one in full:");
    expect(several.stderr).toContain(`  ${READS}\n`);
    expect(several.stderr).toContain('\\u{202e}');
  });
});
