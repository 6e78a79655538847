/**
 * The notification recipes of docs/notifications.md do what the page says: their `actions/github-script` scripts,
 * taken verbatim from the page, run here with stand-ins for what the action gives a script (`core`, `context`,
 * `github`, `require`) and the step's outputs in the environment. The Slack and Teams payloads name the tests with
 * nothing that mentions anyone; the digest issue lists the flakiest tests and this week's decisions of a data branch
 * captured from a real run (test/fixtures/data-branch-v2). GitHub's parser reads the same blocks in workflows.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../support/action.ts';

interface Step {
  id?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

const page = readFileSync(join(PROJECT_ROOT, 'docs/notifications.md'), 'utf8');
const steps: Step[] = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap((m) => {
  const doc = parse(m[1]!) as Step[] | { jobs: Record<string, { steps: Step[] }> };
  return Array.isArray(doc) ? doc : Object.values(doc.jobs).flatMap((j) => j.steps);
});

function script(id: string | ((s: Step) => boolean)): string {
  const step = steps.find((s) => (typeof id === 'string' ? s.id === id : id(s)));
  expect(step?.uses, String(id)).toMatch(/^actions\/github-script@/);
  return step!.with!.script!;
}

type Fn = (...args: unknown[]) => Promise<void>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => Fn;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flakeguard-notify-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a github-script script in `dir`: what it writes, its outputs, the issues it creates. */
async function run(source: string, env: Record<string, string> = {}): Promise<{ outputs: Record<string, string>; issues: Array<{ title: string; body: string }> }> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const at = (p: string): string => resolve(dir, p);
  const fsInDir = {
    ...fs,
    writeFileSync: (p: string, data: string) => fs.writeFileSync(at(p), data),
    readFileSync: (p: string, enc: BufferEncoding) => fs.readFileSync(at(p), enc),
    existsSync: (p: string) => fs.existsSync(at(p)),
    readdirSync: (p: string) => fs.readdirSync(at(p)),
  };
  const outputs: Record<string, string> = {};
  const issues: Array<{ title: string; body: string }> = [];
  const core = { setOutput: (name: string, value: string) => (outputs[name] = value) };
  const context = { serverUrl: 'https://github.com', repo: { owner: 'octo', repo: 'shop' }, runId: 42, ref: 'refs/heads/main' };
  const github = { rest: { issues: { create: async (issue: { title: string; body: string }) => void issues.push(issue) } } };
  const require = (name: string): unknown => {
    if (name !== 'fs') throw new Error(`the recipe requires ${name}`);
    return fsInDir;
  };
  await new AsyncFunction('require', 'github', 'context', 'core', source)(require, github, context, core);
  return { outputs, issues };
}

const HOSTILE = ['<!channel> pwned', '@org/team in a name', 'tick`s & #123'];
/** What is left of Markdown text once its code spans are removed. */
const outsideCode = (text: string): string => text.replace(/`[^`\n]*`/g, '');

describe('the Slack recipe', () => {
  it('says what failed and what was forgiven, escaping what Slack would read as a mention', async () => {
    const { outputs } = await run(script('slack-message'), {
      OUTCOME: 'failure',
      BLOCKING: '2',
      CONSISTENT: JSON.stringify(['cart::totals']),
      PROVEN_FLAKY: JSON.stringify(HOSTILE),
      NEW_FLAKY: '[]',
      NEWLY_QUARANTINED: JSON.stringify(Array.from({ length: 12 }, (_, i) => `q${i}`)),
    });
    expect(outputs.send).toBe('true');
    const { text } = JSON.parse(readFileSync(join(dir, 'slack-payload.json'), 'utf8')) as { text: string };
    expect(text).toContain('2 failure(s) fail the job');
    expect(text).toContain('• `cart::totals`');
    expect(text).toContain('`&lt;!channel&gt; pwned`');
    expect(text).not.toContain('<!channel>');
    expect(text).toContain("`tick's &amp; #123`");
    expect(text).toContain('*Newly quarantined* (12)');
    expect(text).toContain('…and 2 more');
    expect(text).toContain('<https://github.com/octo/shop/actions/runs/42|The run>');
  });

  it('sends nothing for a green run with nothing flaky', async () => {
    const { outputs } = await run(script('slack-message'), { OUTCOME: 'success', BLOCKING: '0', CONSISTENT: '[]', PROVEN_FLAKY: '[]', NEW_FLAKY: '[]', NEWLY_QUARANTINED: '[]' });
    expect(outputs.send).toBe('false');
  });
});

describe('the Teams recipe', () => {
  it('writes an Adaptive Card message, each name in a code span', async () => {
    const { outputs } = await run(script('teams-message'), { OUTCOME: 'success', BLOCKING: '0', CONSISTENT: '[]', PROVEN_FLAKY: JSON.stringify(HOSTILE), NEW_FLAKY: '[]', NEWLY_QUARANTINED: '[]' });
    expect(outputs.send).toBe('true');
    const message = JSON.parse(readFileSync(join(dir, 'teams-payload.json'), 'utf8')) as {
      type: string;
      attachments: Array<{ contentType: string; content: { type: string; version: string; body: Array<{ text: string }>; actions: Array<{ url: string }> } }>;
    };
    expect(message.type).toBe('message');
    expect(message.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = message.attachments[0]!.content;
    expect(card.type).toBe('AdaptiveCard');
    const texts = card.body.map((b) => b.text).join('\n');
    expect(texts).toContain('Proven flaky on this commit (forgiven) (3)');
    expect(texts).toContain("- `tick's & #123`");
    expect(outsideCode(texts)).not.toMatch(/@|#\d/);
    expect(card.actions[0]!.url).toBe('https://github.com/octo/shop/actions/runs/42');
  });
});

describe('the weekly digest', () => {
  it("lists the flakiest tests of a real data branch and this week's decisions, and pings nobody", async () => {
    cpSync(join(PROJECT_ROOT, 'test/fixtures/data-branch-v2'), join(dir, 'flakeguard-data'), { recursive: true });
    const now = Date.now();
    const day = 86_400_000;
    const event = (at: number, ev: string, quarantined: boolean) => ({ run: 1, at: new Date(at).toISOString(), event: ev, quarantined, by: 'rule', reason: 'r' });
    writeFileSync(
      join(dir, 'flakeguard-data/decisions.json'),
      `{"schema": 3, "from": 1, "tests": {\n${JSON.stringify('@org/team #123 widget')}: {"events": [${JSON.stringify(event(now - day, 'quarantined', true))}]},\n${JSON.stringify('old::one')}: {"events": [${JSON.stringify(event(now - 30 * day, 'released', false))}]}\n}}\n`,
    );
    const stats = JSON.parse(readFileSync(join(dir, 'flakeguard-data/stats/00.json'), 'utf8')) as { tests: Record<string, { score?: number; quarantined: boolean }> };
    const scored = Object.entries(stats.tests)
      .filter(([, t]) => (t.score ?? 0) > 0)
      .sort(([a, x], [b, y]) => y.score! - x.score! || a.localeCompare(b));
    const quarantined = Object.values(stats.tests).filter((t) => t.quarantined).length;
    expect(scored.length).toBeGreaterThan(0);

    const { issues } = await run(script((s) => s.with?.script?.includes('issues.create') === true));
    expect(issues).toHaveLength(1);
    const { title, body } = issues[0]!;
    expect(title).toMatch(/^Flaky tests: week to \d{4}-\d{2}-\d{2}$/);
    expect(body).toContain(`**${quarantined} quarantined** now; 1 decision(s) that quarantined a test and 0 that released one`);
    expect(body).toContain(`### The flakiest tests (${scored.length} with a score above 0)`);
    // In score order, the flakiest first.
    const listed = [...body.matchAll(/^- `([^`]+)`: score/gm)].map((m) => m[1]);
    expect(listed).toEqual(scored.slice(0, 20).map(([id]) => id));
    expect(body).toContain('`@org/team #123 widget`: `quarantined` by `rule`');
    expect(body).not.toContain('old::one');
    expect(outsideCode(body)).not.toMatch(/@|#\d/);
    expect(body).toContain('https://github.com/octo/shop/tree/flakeguard-data');
  });

  it('names a stats file that is not valid JSON instead of failing', async () => {
    cpSync(join(PROJECT_ROOT, 'test/fixtures/data-branch-v2'), join(dir, 'flakeguard-data'), { recursive: true });
    writeFileSync(join(dir, 'flakeguard-data/stats/00.json'), '{"schema": 3, "tests": {\n"a": {"override": "quarantine"},\n}}\n');
    const { issues } = await run(script((s) => s.with?.script?.includes('issues.create') === true));
    expect(issues[0]!.body).toContain('Not read (not valid JSON): `stats/00.json`.');
    expect(issues[0]!.body).toContain('**0 quarantined** now');
  });
});
