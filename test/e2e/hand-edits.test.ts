/**
 * Hand edits mean what they say, and none is lost (docs/data-branch.md#hand-edits), through the bundled action on a
 * real bare repository: an override that lapses or is cleared leaves no trace; an edit of a computed field is
 * honoured as documented or kept as written with a warning giving the edit that does what the user meant.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { World, junitXml, type ActionRun } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  configured = false;
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const A = 'pkg.Suite::a';
const STATS = 'stats/00.json';

/** Edits one test's stats line as a person would in the web editor: the JSON object of that line. */
const editLine =
  (id: string, edit: (line: Record<string, unknown>) => void) =>
  (text: string): string => {
    const prefix = `${JSON.stringify(id)}: `;
    const lines = text.split('\n');
    let i = lines.findIndex((l) => l.startsWith(prefix));
    if (i < 0) {
      // A test with nothing to say has no line (schema 3): the person adds one.
      if (text.trim() === '') return `{"schema": 3, "tests": {\n${prefix}${JSON.stringify(Object.assign({}, ...[{}].map((l) => (edit(l), l))))}\n}}\n`;
      const end = lines.findIndex((l) => l.startsWith('}}'));
      lines[end - 1] = `${lines[end - 1]},`;
      lines.splice(end, 0, `${prefix}{}`);
      i = end;
    }
    const comma = lines[i]!.endsWith(',') ? ',' : '';
    const line = JSON.parse(lines[i]!.slice(prefix.length, lines[i]!.length - comma.length)) as Record<string, unknown>;
    edit(line);
    lines[i] = `${prefix}${JSON.stringify(line)}${comma}`;
    return lines.join('\n');
  };

async function statsLine(id = A): Promise<Record<string, unknown>> {
  const text = (await world.dataFiles()).get(STATS)!;
  const row = text.split('\n').find((l) => l.startsWith(`${JSON.stringify(id)}: `))!;
  return JSON.parse(row.slice(JSON.stringify(id).length + 2).replace(/,$/, '')) as Record<string, unknown>;
}

async function runWith(a: string, message = 'expected 1 but was 2'): Promise<ActionRun> {
  if (!configured) await config('');
  await world.commit(`run with ${a}`); // each run on its own commit: a pass and a failure on one commit would prove flakiness
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a', attempts: a, message }, { name: 'b' }]));
  return world.run({ inputs: { config: '.github/flakeguard.yml' } });
}

let configured = false;
async function config(text: string): Promise<void> {
  configured = true;
  await mkdir(join(world.workspace, '.github'), { recursive: true });
  await writeFile(join(world.workspace, '.github/flakeguard.yml'), text);
}

describe('an override that lapses or is cleared leaves no trace', () => {
  it('cleared: the test is decided as if the hand quarantine never happened, and a new error blocks even with forgive: any-failure', async () => {
    await config('policy:\n  forgive: any-failure\n');
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = 'quarantine')),
    );
    const handRun = await runWith('P');
    expectOutcome(handRun, 'success');
    expect(JSON.parse(handRun.outputs['quarantined-tests']!)).toEqual([A]);
    expect((await statsLine()).auto).toEqual({ quarantined: false, since: expect.any(String) });

    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = null)),
    );
    // Before 0.3 the test stayed quarantined for 60 clean runs, and this brand-new error was forgiven.
    const run = await runWith('F', 'NullPointerException at Cart.total');
    expectOutcome(run, 'failure');
    expect(run.outputs['quarantined-tests']).toBe('[]');
    expect((await statsLine()).quarantined).toBe(false);
  });

  it('lapsed: the same, once its until has passed', async () => {
    await config('policy:\n  forgive: any-failure\n');
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = { action: 'quarantine', reason: 'JIRA-1', until: '2099-12-31' })),
    );
    expect(JSON.parse((await runWith('P')).outputs['quarantined-tests']!)).toEqual([A]);
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = { action: 'quarantine', reason: 'JIRA-1', until: '2020-01-31' })),
    );
    const run = await runWith('F', 'NullPointerException at Cart.total');
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/lapsed on 2020-01-31/);
    expect(run.outputs['quarantined-tests']).toBe('[]');
  });

  it('a hand "never" that is cleared gives back what the rule decided meanwhile', async () => {
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = 'never')),
    );
    const never = await runWith('FP');
    expect(never.outputs['quarantined-tests']).toBe('[]');
    expect((await statsLine()).auto).toMatchObject({ quarantined: true });
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = null)),
    );
    // The rule had it in quarantine: its known failure is forgiven from the next run on.
    const run = await runWith('F');
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual([A]);
  });
});

describe('an edit of a computed field is never silently overwritten nor half-honoured', () => {
  it('"quarantined": true is recorded as a hand override with its reason, and forgives like one', async () => {
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.quarantined = true)),
    );
    const run = await runWith('F', 'a brand-new error');
    expectOutcome(run, 'success');
    expect(run.stdout).toMatch(/::notice .*::"quarantined": true of 'pkg\.Suite::a' in stats\/00\.json was set by hand: recorded as "override": "quarantine"/);
    const line = await statsLine();
    expect(line.override).toEqual({ action: 'quarantine', reason: expect.stringMatching(/^"quarantined": true set by hand \(\d{4}-\d\d-\d\d\)$/) });
    expect(line.quarantined).toBe(true);
    expect(line.reason).toMatch(/^quarantined by hand: "quarantined": true set by hand/);
  });

  it('"quarantined": false releases a quarantined test now; its next failure blocks', async () => {
    const first = await runWith('FP');
    expect(JSON.parse(first.outputs['quarantined-tests']!)).toEqual([A]);
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.quarantined = false)),
    );
    const run = await runWith('F');
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/"quarantined": false of 'pkg\.Suite::a' in stats\/00\.json was set by hand: released now/);
    const line = await statsLine();
    expect(line.quarantined).toBe(false);
    expect(line.override).toBeNull();
  });

  it('"successRate" lowered to 0.1 forces a quarantine at once, as seed 003 describes, recorded as a hand override', async () => {
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.successRate = 0.1)),
    );
    const run = await runWith('F');
    expectOutcome(run, 'success');
    expect(JSON.parse(run.outputs['quarantined-tests']!)).toEqual([A]);
    const line = await statsLine();
    expect(line.override).toEqual({ action: 'quarantine', reason: expect.stringMatching(/^"successRate": 0\.1 set by hand/) });
    expect(line.successRate).not.toBe(0.1); // computed again, now that the override holds the intent
  });

  it('another computed field is left as written, with a warning giving the edit that does what was meant, until deleted', async () => {
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.tier = 'Chronic')),
    );
    for (let i = 0; i < 2; i++) {
      const run = await runWith('P');
      expectOutcome(run, 'success');
      expect(run.stdout).toMatch(
        /::warning .*::"tier": "Chronic" of 'pkg\.Suite::a' in stats\/00\.json is computed by flakeguard and changes nothing; it is left as you wrote it until you delete it\. To quarantine the test, write "override": "quarantine"/,
      );
      expect((await statsLine()).tier).toBe('Chronic');
    }
    await world.editDataFile(
      STATS,
      editLine(A, (l) => delete l.tier),
    );
    const run = await runWith('P');
    expect(run.stdout).not.toMatch(/hand edit/);
    // Computed again: a test with nothing to say has no stats line (schema 3), so the file is gone with it.
    expect((await world.dataFiles()).get(STATS)).toBeUndefined();
  });

  it('while an override decides, an edit of a computed field is kept and the warning says the override decides', async () => {
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = 'never')),
    );
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.quarantined = true)),
    );
    const run = await runWith('F');
    expectOutcome(run, 'failure');
    expect(run.stdout).toMatch(/The override "never" decides this test; to change that, edit "override"/);
    expect((await statsLine()).quarantined).toBe(true);
  });

  it('"override": "quarantine" (the documented edit) forgives any failure but an outage, and is written back as written', async () => {
    expectOutcome(await runWith('P'), 'success');
    await world.editDataFile(
      STATS,
      editLine(A, (l) => (l.override = 'quarantine')),
    );
    const run = await runWith('F', 'anything at all');
    expectOutcome(run, 'success');
    const line = await statsLine();
    expect(line.override).toBe('quarantine');
    expect(line.reason).toBe('quarantined by hand');
  });
});
