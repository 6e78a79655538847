/**
 * The job summary says what happened without contradicting itself (issue #18, point 4), through the bundled action
 * against a real bare repository: failing tests named, a green run that quarantined a test says so, a hand
 * quarantine is called one, a broken stats file is named as the cause, no reason repeats the PFS of its own column,
 * files are links to the tested commit, and a lapsed override is announced once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec, setOverride } from '../support/action.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

function expectOutcome(run: ActionRun, outcome: 'success' | 'failure'): void {
  expect(run.outputs.outcome, `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(outcome);
}

const flaky = (attempts: string): CaseSpec => ({ classname: 'api.Client', name: 'retries', attempts, message: 'Timeout of 5000ms exceeded', file: 'tests/api (v2)/client.test.ts', line: 40 });
const cart = (attempts: string): CaseSpec => ({ classname: 'cart.Total', name: 'discount', attempts, message: 'expected 90 to equal 81', file: 'tests/cart/total.test.ts', line: 21 });
const other = (attempts: string): CaseSpec => ({ classname: 'cart.Total', name: 'rounds', attempts });

async function step(cases: CaseSpec[], outcome: 'success' | 'failure'): Promise<ActionRun> {
  await world.commit('change');
  await world.writeReport('reports/junit.xml', junitXml(cases));
  const run = await world.run();
  expectOutcome(run, outcome);
  return run;
}

const rowOf = (summary: string, id: string): string => summary.split('\n').find((l) => l.startsWith(`| ${id.replace(/:/g, '&#58;')} |`)) ?? '';

describe('the summary says what happened', () => {
  it('names the failing tests in "Why the job fails", and links files to the tested commit', async () => {
    await step([flaky('P'), cart('P'), other('P')], 'success');
    const run = await step([flaky('P'), cart('F'), other('F')], 'failure');
    expect(run.summary).toContain('- 2 failed tests are not quarantined: cart.Total&#58;&#58;discount, cart.Total&#58;&#58;rounds.');
    const sha = await world.headSha();
    expect(rowOf(run.summary, 'cart.Total::discount')).toContain(`| [tests/cart/total.test.ts&#58;21](https://github.com/octo/project/blob/${sha}/tests/cart/total.test.ts#L21) |`);
    expect(rowOf(run.summary, 'cart.Total::rounds')).toContain('| — |');
    // A path with brackets and spaces is encoded in the link, so that it cannot break out of it.
    const odd = await step([{ ...other('F'), file: 'tests/odd (v2)/a b.test.ts', line: 3 }], 'failure');
    expect(rowOf(odd.summary, 'cart.Total::rounds')).toContain(`/blob/${await world.headSha()}/tests/odd%20%28v2%29/a%20b.test.ts#L3) |`);
  });

  it('a green run that quarantined a test says so in its headline, and no reason repeats its PFS column', async () => {
    await step([flaky('P'), cart('P')], 'success');
    const green = await step([flaky('FP'), cart('P')], 'success');
    expect(green.summary.split('\n')[0]).toBe('### ✅ flakeguard: Nothing to do&#58; 1 flaky failure passed on a retry; 1 test newly quarantined as flaky');
    const row = rowOf(green.summary, 'api.Client::retries');
    expect(row).toMatch(/\| 0\.\d\d &#91;0\.\d\d, 0\.\d\d&#93; \|/); // the PFS column
    expect(row.match(/0\.\d\d &#91;/g)).toHaveLength(1); // …and only there
    expect(row).toContain('stays quarantined until it passes at the first attempt 60 runs in a row &#40;now 0&#41; |');

    const forgiven = await step([flaky('F'), cart('P')], 'success');
    const frow = rowOf(forgiven.summary, 'api.Client::retries');
    expect(frow.match(/0\.\d\d &#91;/g)).toHaveLength(1);
  });

  it('a test forced by hand is said to be quarantined by hand, not as flaky', async () => {
    await step([flaky('P'), cart('P')], 'success');
    await world.editDataFile('stats/00.json', (t) => setOverride(t, 'cart.Total::discount', '{"action":"quarantine","reason":"SHOP-1"}'));
    const run = await step([flaky('P'), cart('F')], 'success');
    const row = rowOf(run.summary, 'cart.Total::discount');
    expect(row).toContain('| quarantined by hand&#58; SHOP&#45;1 |');
    expect(run.summary).toContain('Quarantined before this run (as flaky, or by hand)');
    expect(run.stdout).toContain('title=cart.Total%3A%3Adiscount failed (forgiven%3A quarantined by hand)');
    expect(run.stdout).not.toMatch(/quarantined as flaky before this run/);
  });

  it('a broken stats file is named as the cause of the failure it does not forgive', async () => {
    await step([flaky('P'), cart('P')], 'success');
    await step([flaky('FP'), cart('P')], 'success');
    await world.editDataFile('stats/00.json', (t) => t.replace('"api.Client::retries": {', '"api.Client::retries": {{'));
    const run = await step([flaky('F'), cart('P')], 'failure');
    expect(run.summary).toContain('- 1 failed test cannot be forgiven because its stats file stats/00.json is broken (see the problems below): api.Client&#58;&#58;retries.');
    expect(run.summary).not.toMatch(/is not quarantined/);
    expect(rowOf(run.summary, 'api.Client::retries')).toMatch(/\| its stats file stats\/00\.json is broken&#58; it forgives nothing until fixed \|$/);
    expect(run.summary).toMatch(/#### Problems in the data branch \(1\)/);
  });

  it('announces a lapsed override once, not on every run', async () => {
    await step([flaky('P'), cart('P')], 'success');
    await world.editDataFile('stats/00.json', (t) => setOverride(t, 'cart.Total::discount', '{"action":"quarantine","until":"2020-01-31"}'));
    const first = await step([flaky('P'), cart('P')], 'success');
    expect(first.stdout).toMatch(/^::notice::The override of 'cart\.Total::discount' in stats\/00\.json lapsed on 2020-01-31/m);
    expect(first.summary).toContain('#### Lapsed overrides');
    expect((await world.dataFiles()).get('stats/00.json')).toContain('"cart.Total::discount": {"override":{"action":"quarantine","until":"2020-01-31"},"lapsed":"2020-01-31",');
    const second = await step([flaky('P'), cart('F')], 'failure'); // still lapsed: forgives nothing
    expect(second.stdout).not.toMatch(/lapsed on/);
    expect(second.summary).not.toContain('Lapsed overrides');
    // A new date is a new override: when it lapses, it is announced again.
    await world.editDataFile('stats/00.json', (t) => t.replace('"until":"2020-01-31"}', '"until":"2020-02-28"}'));
    const third = await step([flaky('P'), cart('P')], 'success');
    expect(third.stdout).toMatch(/lapsed on 2020-02-28/);
  });
});
