/**
 * Test names, messages and stack traces come from pull requests. A hostile JUnit report must not inject workflow
 * commands, markdown, HTML or mentions into anything the bundled action writes (log, summary, check run), and the
 * token must never appear anywhere but in the runner's `::add-mask::`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { World, type ActionRun } from '../support/action.ts';
import { fakeResponses, type FakeGitHub } from '../support/github-fake/index.ts';
import { decodeEntities, expectSafeMarkdown } from '../report/markdown-checks.ts';
import { FAKE_TOKEN, expectOutcome, runWithApi, startFake, workflowCommands } from '../report/dist-support.ts';

/** Names (and messages) a pull request could put in its test report. */
const PAYLOADS = [
  '::error title=pwned,file=x.ts::injected command',
  'escaped newline %0A::warning::injected %0D%0A::notice::again',
  'carriage\r::notice::after a carriage return',
  'line feed\n::error::after a line feed',
  'legacy ##[error]injected and ##[add-mask]x',
  '::stop-commands::tok3n then ::set-output name=x::y',
  'pipe | breaks | the table',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)> <details open>',
  '![pixel](https://evil.example/p.png)',
  '[click me](javascript:alert(1)) and [ref][1]',
  'ping @octo/everyone and @admin',
  'visit www.evil.example or https://evil.example/x',
  'bidi \u202eevil\u202c and \u2066isolate\u2069',
  '`code` **bold** _em_ ~~strike~~ # heading > quote',
  '$$\\LaTeX$$ &amp; &#x3C;entity',
];

/** XML with every character that matters written as a reference, so that \r and \n survive the parser. */
function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;');
}

function hostileReport(attempts: (i: number) => string): string {
  const cases: string[] = [];
  PAYLOADS.forEach((payload, i) => {
    for (const a of attempts(i)) {
      const file = i === 0 ? ' file="tests/a,b:c %0A.ts" line="3"' : i % 2 ? ` file="tests/hostile_${i}.test.ts" line="${i + 1}"` : '';
      const failure =
        a === 'F'
          ? `<failure message="${xmlText(`${payload} (message)`)}" type="AssertionError">${xmlText(`${payload}\n  at test (tests/x.ts:1:1)\n::error::from the stack\n##[warning]legacy from the stack\n<script>x</script> @octo/everyone`)}</failure>`
          : '';
      cases.push(`<testcase classname="${xmlText(i === 3 ? '@octo/team' : 'hostile.Suite')}" name="${xmlText(payload)}"${file}>${failure}</testcase>`);
    }
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites><testsuite name="hostile">\n${cases.join('\n')}\n</testsuite></testsuites>\n`;
}

/** What an untrusted one-line string must look like once shown: line breaks as spaces, invisible controls gone. */
function shownAs(raw: string): string {
  // eslint-disable-next-line no-control-regex
  return raw.replace(/\r\n|\r|\n/g, ' ').replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '');
}

let world: World;
let gh: FakeGitHub;
let ids: string[];
let withCheckRun: ActionRun;
let denied: ActionRun;
let echoed: ActionRun;

beforeAll(async () => {
  world = await World.create();
  gh = await startFake();
  // Two runs in which the odd payloads fail and pass on the same commit: quarantined, so their next failure is forgiven.
  for (let i = 0; i < 2; i++) {
    await world.writeReport(
      'reports/hostile.xml',
      hostileReport((k) => (k % 2 ? 'FP' : 'P')),
    );
    expectOutcome(await world.run(), 'success');
  }
  const files = await world.dataFiles();
  const stats = JSON.parse(files.get('stats/00.json')!) as { tests: Record<string, { quarantined: boolean }> };
  ids = Object.keys((JSON.parse(files.get('history/00.json')!) as { tests: object }).tests);
  expect(ids).toHaveLength(PAYLOADS.length);
  // A stats line for each test with something to say (schema 3): the flaky half, quarantined.
  expect(Object.values(stats.tests).filter((t) => t.quarantined)).toHaveLength(PAYLOADS.length / 2);
  expect(Object.keys(stats.tests)).toHaveLength(PAYLOADS.length / 2);

  // Each failing run on a new commit, so that a failure never proves flakiness (and quarantines) by itself.
  await world.writeReport(
    'reports/hostile.xml',
    hostileReport(() => 'F'),
  );
  await world.commit('hostile change 1');
  withCheckRun = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' } });
  await world.commit('hostile change 2');
  gh.failNext({ operationId: 'checks/create' }, fakeResponses.permissionDenied());
  denied = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' }, runId: 9001 });
  await world.commit('hostile change 3');
  // And an unreadable report whose name and content are hostile too: its error reaches the log and the summary.
  await world.writeReport('reports/::warning::pwned %0A ##[error]x.xml', '<testsuite name="::error::in the xml"><testcase name="@octo/everyone <b>');
  // A broken proxy that echoes the request's credentials in its error message.
  gh.failNext({ operationId: 'checks/create' }, { status: 502, body: { message: `Bad gateway. Request headers: authorization: token ${FAKE_TOKEN}` } });
  echoed = await runWithApi(world, gh, { inputs: { 'test-outcome': 'failure' }, runId: 9002 });
}, 120_000);

afterAll(async () => {
  await gh.close();
  await world.dispose();
});

describe('a hostile report', () => {
  it('still decides: the non-quarantined half blocks, the quarantined half is forgiven', () => {
    for (const run of [withCheckRun, denied, echoed]) {
      expectOutcome(run, 'failure');
      expect(run.outputs['blocking-failures']).toBe(String(PAYLOADS.length / 2));
      expect(run.outputs['quarantined-failures']).toBe(String(PAYLOADS.length / 2));
    }
    expect(gh.violations()).toEqual([]);
  });

  it('injects no workflow command: every command line is one the action wrote, with known properties', () => {
    for (const run of [withCheckRun, denied, echoed]) {
      const { commands, problems } = workflowCommands(run.stdout);
      expect(problems).toEqual([]);
      expect(workflowCommands(run.stderr).problems).toEqual([]);
      expect(commands.filter((c) => c.name === 'add-mask')).toHaveLength(1);
      // The step's own failure is its only error when the check run carries the annotations.
      const errors = commands.filter((c) => c.name === 'error');
      if (run === withCheckRun) expect(errors.map((c) => c.data)).toEqual([`${PAYLOADS.length / 2} failed tests are not quarantined.`]);
      else expect(errors.length).toBe(PAYLOADS.length / 2 + 1 + (run === echoed ? 1 : 0));
    }
  });

  it('shows each hostile name intact inside escaped annotation properties (fallback to workflow commands)', () => {
    const { commands } = workflowCommands(denied.stdout);
    // A zero-width space defuses the legacy `##[`: drop it to compare.
    const titles = commands.filter((c) => c.props.title?.includes(' failed')).map((c) => c.props.title!.replace(/\u200b/g, ''));
    expect(titles).toHaveLength(PAYLOADS.length);
    for (const id of ids)
      expect(
        titles.some((t) => t.startsWith(`${shownAs(id)} failed`)),
        id,
      ).toBe(true);
    const located = commands.find((c) => c.props.title === `${shownAs(ids.find((id) => id.includes('title=pwned'))!)} failed`)!;
    expect(located.props.file).toBe('tests/a,b:c %0A.ts');
    expect(located.props.line).toBe('3');
    // Messages keep their lines inside one escaped command; none starts a command of its own.
    expect(commands.some((c) => c.data.includes('\n::error::from the stack'))).toBe(true);
  });

  it('renders a job summary with no injected markdown, HTML, link, image or mention, yet every name shown', () => {
    for (const run of [withCheckRun, denied, echoed]) {
      expectSafeMarkdown(run.summary);
      const text = decodeEntities(run.summary);
      for (const id of ids) expect(text, id).toContain(shownAs(id));
    }
  });

  it('sends the check run a safe summary and plain-text annotations', () => {
    const check = gh.state.checkRuns[0]!;
    expect(check.conclusion).toBe('failure');
    expectSafeMarkdown(check.output.summary!);
    for (const id of ids) expect(decodeEntities(check.output.summary!), id).toContain(shownAs(id));
    expect(check.output.annotations).toHaveLength(PAYLOADS.length);
    for (const a of check.output.annotations) {
      expect(a.title).not.toMatch(/[\r\n\u202a-\u202e\u2066-\u2069]/);
      expect(a.message).not.toMatch(/[\r\u0000-\u0008\u202a-\u202e\u2066-\u2069]/);
      expect(a.raw_details ?? '').not.toMatch(/[\r\u202a-\u202e]/);
    }
    for (const id of ids)
      expect(
        check.output.annotations.some((a) => a.title!.startsWith(`${shownAs(id)} failed`)),
        id,
      ).toBe(true);
  });

  it('never shows the token: only in the first line, ::add-mask::, even when the API echoes it', () => {
    for (const run of [withCheckRun, denied, echoed]) {
      const lines = run.stdout.split('\n');
      expect(lines[0]).toBe(`::add-mask::${FAKE_TOKEN}`);
      expect(lines.slice(1).filter((l) => l.includes(FAKE_TOKEN))).toEqual([]);
      expect(run.stderr).not.toContain(FAKE_TOKEN);
      expect(run.summary).not.toContain(FAKE_TOKEN);
      expect(JSON.stringify(run.outputs)).not.toContain(FAKE_TOKEN);
    }
    // The unreadable report was reported, defused.
    const unreadable = workflowCommands(echoed.stdout).commands.find((c) => c.props.title === 'Unreadable test report');
    // `::` inside a command's data is inert (the runner reads commands only at the start of a line); `##[` is not.
    expect(unreadable?.data).toMatch(/^reports\/::warning::pwned %0A #\u200b#\[error\]x\.xml:1: not well-formed XML/);
    expect(decodeEntities(echoed.summary)).toContain('Report reports/::warning::pwned %0A ##[error]x.xml:1 could not be read: not well-formed XML');
    // The echo was really logged, with the token hidden.
    expect(echoed.stdout).toContain('(502: Bad gateway. Request headers: authorization: token ***)');
    expect(decodeEntities(echoed.summary)).toContain('authorization: token ***');
    expect(JSON.stringify(gh.state.checkRuns)).not.toContain(FAKE_TOKEN);
  });
});
