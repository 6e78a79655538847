/**
 * `policy.quarantine` (docs/quarantine-rules.md) through the bundled action (dist/index.js under Node 24, a real bare
 * repository, the GitHub fake): a team over its cap gets its new flaky failure blocked, with the reason in the
 * summary and decisions.json; an expired quarantine is surfaced on its owners' issue and, with `on-expiry: block`,
 * blocks again. Owners come from CODEOWNERS; their names, and the config's, are hostile text like any other.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, junitXml, type ActionRun, type CaseSpec } from '../support/action.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { expectOutcome } from '../support/expect.ts';
import { checkOf } from '../../src/policy/hand-edits.ts';

const TOKEN = 'ghs_quarantine_rules';
const DAY = 86_400_000;
const A = 'pay.Checkout::a';
const B = 'pay.Checkout::b';
const EVIL = '@org/<img src=x onerror=alert(1)>|`x`';

let world: World;
let gh: FakeGitHub;
beforeEach(async () => {
  world = await World.create();
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  await world.writeReport('.github/CODEOWNERS', '*  @org/qa\nsrc/pay/  @org/payments\n');
});
afterEach(async () => {
  await gh.close();
  await world.dispose();
});

async function config(text: string): Promise<void> {
  await mkdir(join(world.workspace, '.github'), { recursive: true });
  await writeFile(join(world.workspace, '.github/flakeguard.yml'), text);
}

const pay = (name: string, attempts: string): CaseSpec => ({ classname: 'pay.Checkout', name, attempts, file: `src/pay/${name}.test.ts`, message: 'timeout after 5000 ms' });

async function ciRun(cases: CaseSpec[]): Promise<ActionRun> {
  await world.commit(`change ${Math.random()}`);
  await world.writeReport('reports/unit.xml', junitXml(cases));
  return world.run({ inputs: { config: '.github/flakeguard.yml', token: TOKEN, 'create-issues': 'true' }, env: { GITHUB_API_URL: gh.url } });
}

/** The summary as read: markdown escapes (numeric entities) undone. */
const plain = (md: string): string => md.replace(/&#(\d+);/g, (_m, d: string) => String.fromCharCode(Number(d)));

/** decisions.json's events of one test. */
async function eventsOf(id: string): Promise<Array<{ event: string; quarantined: boolean; reason: string }>> {
  const text = (await world.dataFiles()).get('decisions.json') ?? '';
  const row = text.split('\n').find((l) => l.startsWith(`${JSON.stringify(id)}: `));
  return row ? (JSON.parse(row.slice(JSON.stringify(id).length + 2).replace(/,$/, '')) as { events: Array<{ event: string; quarantined: boolean; reason: string }> }).events : [];
}

describe('policy.quarantine', { timeout: 300_000 }, () => {
  it('refuses a new quarantine of a team at its cap: its flaky failure blocks, and the summary and decisions.json say why', async () => {
    await config(`policy:\n  quarantine:\n    caps: {"@org/payments": 1, ${JSON.stringify(EVIL)}: 2}\n`);
    const first = await ciRun([pay('a', 'FP'), pay('b', 'P')]);
    expectOutcome(first, 'success');
    expect(JSON.parse(first.outputs['quarantined-tests']!)).toEqual([A]);

    // b is as flaky as a was (failed, then passed on the same commit), but @org/payments has its one quarantine.
    const second = await ciRun([pay('a', 'P'), pay('b', 'FP')]);
    expectOutcome(second, 'failure');
    expect(JSON.parse(second.outputs['quarantined-tests']!)).toEqual([A]);
    expect(plain(second.summary)).toContain('new quarantine refused: @org/payments has 1 quarantined test, its cap is 1');
    expect(second.summary).toContain('#### Quarantine rules (policy.quarantine)');
    const events = await eventsOf(B);
    expect(events.at(-1)).toMatchObject({ event: 'quarantine refused', quarantined: false });
    expect(events.at(-1)!.reason).toMatch(/^new quarantine refused: @org\/payments has 1 quarantined test, its cap is 1/);

    // Refused again on the next flaky failure (blocks again), recorded once.
    const third = await ciRun([pay('a', 'P'), pay('b', 'FP')]);
    expectOutcome(third, 'failure');
    expect((await eventsOf(B)).filter((e) => e.event === 'quarantine refused')).toHaveLength(1);
  });

  it('surfaces an expired quarantine on its owners’ issue and, with on-expiry: block, its failure blocks again', async () => {
    await config('policy:\n  quarantine:\n    expire-after-days: 30\n    on-expiry: block\n');
    const first = await ciRun([pay('a', 'FP')]);
    expectOutcome(first, 'success');
    expect(gh.state.issues).toHaveLength(1);
    const issue = gh.state.issues[0]!;

    // Forty days pass: the quarantine's start as flakeguard would have written it then (with its check).
    const since = new Date(Date.now() - 40 * DAY).toISOString();
    await world.editDataFile('stats/00.json', (text) =>
      text
        .split('\n')
        .map((l) => {
          if (!l.startsWith(`${JSON.stringify(A)}: `)) return l;
          const comma = l.endsWith(',') ? ',' : '';
          const line = JSON.parse(l.slice(JSON.stringify(A).length + 2).replace(/,$/, '')) as Record<string, unknown>;
          line.since = since;
          line.check = checkOf(line);
          return `${JSON.stringify(A)}: ${JSON.stringify(line)}${comma}`;
        })
        .join('\n'),
    );

    const second = await ciRun([pay('a', 'F')]);
    expectOutcome(second, 'failure');
    expect(JSON.parse(second.outputs['quarantined-tests']!)).toEqual([]);
    expect(second.summary).toContain('> [!WARNING]');
    expect(plain(second.summary)).toContain(`quarantine expired: quarantined since ${since.slice(0, 10)}, past 30 days`);
    const events = await eventsOf(A);
    expect(events.at(-1)).toMatchObject({ event: 'expired', quarantined: false });
    // The owners' issue is told, and stays open.
    const comments = gh.state.comments.filter((c) => c.issue_number === issue.number);
    expect(comments.some((c) => plain(c.body).includes(`quarantine expired: quarantined since ${since.slice(0, 10)}, past 30 days`))).toBe(true);
    expect(gh.state.issues[0]!.state).toBe('open');

    // Held out: a flaky failure of it still blocks, the issue is not told again.
    const told = comments.length;
    const third = await ciRun([pay('a', 'FP')]);
    expectOutcome(third, 'failure');
    expect(gh.state.comments.filter((c) => c.issue_number === issue.number)).toHaveLength(told);
  });

  it('a bad cap names the file, the line and the owner', async () => {
    await config('policy:\n  quarantine:\n    caps:\n      "@org/payments": 1\n      "@org/web": -2\n');
    const run = await ciRun([pay('a', 'P')]);
    expectOutcome(run, 'failure');
    expect(run.stdout + run.stderr).toContain(`line 5: 'policy.quarantine.caps' of "@org/web" must be a whole number from 0 to 1000000.`);
  });
});
