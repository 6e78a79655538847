/**
 * The owners' issue is built from the test's `flakeguard why` answer (docs/why.md, docs/issues.md): the bundled
 * action opens the issue of a newly quarantined test whose diagnosis is on the data branch (diagnoses.json), with
 * the re-run command its `rerun` input gives; the body says the diagnosis, its evidence and the polluter (hostile
 * text shown as text), and the exact re-run line that `flakeguard why --json` gives on the same branch.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT, World, junitXml, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';
import { mdPre } from '../../src/text/escape.ts';

const TOKEN = 'ghs_why_issue_test';
const ID = 'app.Cart::total';
const POLLUTER = 'app.Cart::setup @mallory <img src=x onerror=alert(1)> [click](http://evil.example) #1';
const RERUN = "bash ./rerun.sh --quiet 'x y'";

let world: World;
let gh: FakeGitHub;

beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  await world.writeReport('.github/CODEOWNERS', '*  @octo/qa\nsrc/cart/  @alice\n');
  await world.writeReport('rerun.sh', 'exit 0\n');
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

const cart = (attempts: string): CaseSpec[] => [
  { classname: 'app.Cart', name: 'total', attempts, file: 'src/cart/cart.test.ts', message: 'expected 3 to be 4' },
  { classname: 'app.Util', name: 'ok', file: 'src/util.test.ts' },
];

async function ciRun(attempts: string) {
  await world.commit(`change ${attempts}`);
  await world.writeReport('reports/unit.xml', junitXml(cart(attempts)));
  return world.run({ inputs: { token: TOKEN, 'create-issues': 'true', rerun: RERUN }, env: { GITHUB_API_URL: gh.url } });
}

function whyJson(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(NODE24, [join(PROJECT_ROOT, 'dist/cli/index.js'), 'why', ID, '--json', '--rerun', RERUN], {
    cwd: world.workspace,
    env: { PATH: process.env.PATH ?? '', HOME: world.root },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

describe("the owners' issue carries the test's why answer", () => {
  it('names the diagnosis with its evidence and polluter, and the exact re-run command, as `flakeguard why` does', async () => {
    expectOutcome(await ciRun('P'), 'success');
    const diagnosis = {
      category: 'order-dependent',
      at: '2026-11-29T02:00:00Z',
      polluter: POLLUTER,
      evidence: [
        { variation: 'alone', executions: 20, failures: 0 },
        { variation: 'full-order', executions: 20, failures: 8, detail: 'after @mallory' },
      ],
    };
    await world.editDataFile('diagnoses.json', () => `{"schema": 1, "tests": {\n${JSON.stringify(ID)}: ${JSON.stringify(diagnosis)}\n}}\n`);
    const run = await ciRun('FP');
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['newly-quarantined']!)).toEqual([ID]);
    // The step's write keeps the diagnoses (only `mode: diagnose` writes them): the next body and `why` still read them.
    expect((await world.dataFiles()).get('diagnoses.json')).toContain(JSON.stringify(POLLUTER));
    expect(gh.violations()).toEqual([]);
    expect(gh.state.issues).toHaveLength(1);
    const body = gh.state.issues[0]!.body ?? '';

    expect(body).toContain('### Diagnosis by experiment');
    expect(body).toContain('**order-dependent: it fails after another test runs before it** (re-runs under controlled variations on 2026-11-29; docs/diagnose.md).');
    expect(body).toContain('- alone: 0 of 20 failed');
    expect(body).toContain('- full-order (after &#64;mallory): 8 of 20 failed');
    expect(body).toContain('The test whose run before it makes it fail: app.Cart&#58;&#58;setup');
    // Hostile text is shown as text: no mention, no tag, no link, no issue reference.
    expect(body).not.toMatch(/@mallory|<img|\]\(http:\/\/evil|(^|[^\\&])#1\b/);

    const answer = await whyJson();
    expect(answer.code, answer.stderr).toBe(0);
    const why = JSON.parse(answer.stdout) as { rerun: { kind: string; commandLine: string }; diagnosis: { polluter: string } };
    expect(why.diagnosis.polluter).toBe(POLLUTER);
    expect(why.rerun.kind).toBe('command');
    expect(why.rerun.commandLine).toContain("FLAKEGUARD_RERUN_REPEAT=1 bash -c 'bash ./rerun.sh --quiet '\\''x y'\\'''");
    expect(body).toContain('### Re-run it alone');
    expect(body).toContain(mdPre(why.rerun.commandLine, 4000));
    // The facts the body had before stay: the quarantine, the onset section (the cost's: test/e2e/cost.test.ts).
    expect(body).toContain('| Quarantine | quarantined since ');
    expect(body).toContain('### Since when');
  }, 240_000);
});
