/**
 * The CLI's pure cores, one by one: the summary as terminal text, a CI's variables as the action's, a workflow
 * command as a plain line, and a hand edit of one stats line. The end-to-end tests (test/e2e/cli.test.ts) run them
 * through the bundle.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, markdownToText } from '../../src/cli/terminal.ts';
import { actionEnv, ciFacts, detectCi, eventPayload, outcomeOfExitCode, repoFromUrl } from '../../src/cli/ci-env.ts';
import { plainLogLines } from '../../src/cli/workflow-log.ts';
import { CliError, editOverride, findTests, overrideValue } from '../../src/cli/override.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';
import { isRemoteUrl } from '../../src/cli/data.ts';
import { mdText } from '../../src/text/escape.ts';

describe('the summary as terminal text', () => {
  it('decodes every entity mdText writes, and no control character survives, even one written as an entity', () => {
    const hostile = 'a::b | <img src=x> [link](http://x) `code` @someone #1 ~x~ 50% $HOME {a} ^';
    expect(decodeEntities(mdText(hostile, 1000))).toBe(hostile);
    const text = markdownToText(`### ❌ flakeguard: ${mdText(hostile, 1000)} &#27;[31mred&#7; &#x202e;evil\n`);
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e]/);
    // Control characters are shown as \xHH (as in the log and the summary), never sent to the terminal.
    expect(text).toContain(`${hostile} \\x1b[31mred\\x07 evil`);
  });

  it('turns a table into a block per row, titled by its test, and the chart into numbers', () => {
    const md = [
      '#### ❌ Blocking failures (1)',
      '',
      '| Test | Failure | Location | Why it blocks |',
      '| --- | --- | --- | --- |',
      '| cart&#58;&#58;total | expected 90 | [a.ts&#58;3](https://github.com/o/r/blob/0123456789012345678901234567890123456789/a.ts#L3) | not quarantined |',
      '',
      '```mermaid',
      'xychart-beta',
      '  x-axis "run, oldest to newest" ["1", "2"]',
      '  bar [0, 20]',
      '  line [5, 0]',
      '```',
    ].join('\n');
    expect(markdownToText(md)).toBe(
      [
        '❌ Blocking failures (1)',
        '-----------------------',
        '',
        '  • cart::total',
        '      Failure: expected 90',
        '      Location: a.ts:3 (https://github.com/o/r/blob/0123456789012345678901234567890123456789/a.ts#L3)',
        '      Why it blocks: not quarantined',
        '',
        '  run/day       flaky %  failed %',
        '  1                   0         5',
        '  2                  20         0',
        '',
      ].join('\n'),
    );
  });
});

describe("a CI's variables", () => {
  const local = { sha: 'abc', branch: 'dev', cwd: '/w', now: 5 };

  it('detects each CI', () => {
    expect(detectCi({ GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(detectCi({ GITLAB_CI: 'true' })).toBe('gitlab');
    expect(detectCi({ BUILDKITE: 'true' })).toBe('buildkite');
    expect(detectCi({ CIRCLECI: 'true' })).toBe('circleci');
    expect(detectCi({ JENKINS_URL: 'https://j/' })).toBe('jenkins');
    expect(detectCi({})).toBe('local');
  });

  it('maps a GitLab merge request from a fork to a read-only pull-request run', () => {
    const facts = ciFacts(
      {
        CI_PROJECT_PATH: 'g/p',
        CI_PIPELINE_ID: '9',
        CI_JOB_ID: '77',
        CI_JOB_NAME: 'unit',
        CI_COMMIT_SHA: 'f00',
        CI_MERGE_REQUEST_IID: '12',
        CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'topic',
        CI_MERGE_REQUEST_SOURCE_PROJECT_PATH: 'fork/p',
        CI_DEFAULT_BRANCH: 'trunk',
        CI_PROJECT_DIR: '/builds/g/p',
      },
      'gitlab',
      local,
    );
    expect(facts).toMatchObject({ runId: '9', runAttempt: 77, job: 'unit', sha: 'f00', branch: 'topic', pullRequest: 12, fromFork: true, defaultBranch: 'trunk', workspace: '/builds/g/p' });
    expect(eventPayload(facts)).toEqual({ repository: { default_branch: 'trunk', full_name: 'g/p' }, pull_request: { number: 12, head: { repo: { full_name: 'fork-of/g/p' } } } });
    const env = actionEnv({ PATH: '/bin', INPUT_REPORTS: 'stale' }, facts, { reports: 'r/*.xml' }, { eventPath: '/e', outputPath: '/o', summaryPath: '/s', runnerTemp: '/t' });
    expect(env).toMatchObject({
      PATH: '/bin',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_REF: 'refs/heads/topic',
      GITHUB_RUN_ATTEMPT: '77',
      INPUT_REPORTS: 'r/*.xml',
      'INPUT_CHECK-RUN': 'false',
      'INPUT_CREATE-ISSUES': 'false',
      GITHUB_OUTPUT: '/o',
      GITHUB_STEP_SUMMARY: '/s',
    });
  });

  it('maps Buildkite retries to attempts, CircleCI pull requests and Jenkins branches', () => {
    expect(ciFacts({ BUILDKITE_BUILD_ID: 'b', BUILDKITE_RETRY_COUNT: '2', BUILDKITE_COMMIT: 'HEAD', BUILDKITE_PULL_REQUEST: 'false' }, 'buildkite', local)).toMatchObject({
      runId: 'b',
      runAttempt: 3,
      sha: 'abc',
      fromFork: false,
    });
    expect(ciFacts({ CIRCLE_PULL_REQUEST: 'https://github.com/o/r/pull/31', CIRCLE_PR_USERNAME: 'someone' }, 'circleci', local)).toMatchObject({ pullRequest: 31, fromFork: true });
    expect(ciFacts({ GIT_BRANCH: 'origin/release', BUILD_TAG: 'jenkins-x-4' }, 'jenkins', local)).toMatchObject({ branch: 'release', runId: 'jenkins-x-4' });
    expect(ciFacts({}, 'local', local)).toMatchObject({ runId: 'local-5', sha: 'abc', branch: 'dev', workspace: '/w' });
  });

  it("finds the built repository's server and name in its remote URL, without credentials", () => {
    expect(repoFromUrl('git@github.com:shop/web.git')).toEqual({ serverUrl: 'https://github.com', repository: 'shop/web' });
    expect(repoFromUrl('https://x-token:secret@github.com/shop/web.git')).toEqual({ serverUrl: 'https://github.com', repository: 'shop/web' });
    expect(repoFromUrl('ssh://git@gitlab.example.com:2222/group/sub/proj')).toEqual({ serverUrl: 'https://gitlab.example.com', repository: 'group/sub/proj' });
    expect(repoFromUrl('/srv/git/web.git')).toBeUndefined();
    expect(repoFromUrl(undefined)).toBeUndefined();
    expect(ciFacts({ BUILDKITE_REPO: 'git@github.com:shop/web.git', BUILDKITE_ORGANIZATION_SLUG: 'o', BUILDKITE_PIPELINE_SLUG: 'p' }, 'buildkite', local)).toMatchObject({
      serverUrl: 'https://github.com',
      repository: 'shop/web',
    });
  });

  it('tells a remote URL from a path', () => {
    for (const url of ['https://github.com/o/r.git', 'git@github.com:o/r.git', 'ssh://git@h/o/r', 'file:///srv/r.git']) expect(isRemoteUrl(url)).toBe(true);
    for (const path of ['../remote.git', 'remote.git', '/tmp/remote.git', 'dir/with@sign:x/r']) expect(isRemoteUrl(path)).toBe(false);
  });

  it('reads a test step exit code', () => {
    expect(outcomeOfExitCode('0')).toBe('success');
    expect(outcomeOfExitCode('137')).toBe('failure');
    expect(() => outcomeOfExitCode('x')).toThrow('--test-exit-code must be a number');
  });
});

describe('workflow commands as plain lines', () => {
  it('keeps file, line, title and every line of the message; drops masks and debug', () => {
    expect(plainLogLines('::error title=a%3A%3Ab failed,file=t/a.ts,line=3::boom%0A%0Aat x')).toEqual(['error: t/a.ts:3: a::b failed: boom', '', '    at x']);
    expect(plainLogLines('::group::Reading test reports')).toEqual(['== Reading test reports']);
    expect(plainLogLines('::add-mask::secret')).toEqual([]);
    expect(plainLogLines('::debug::x')).toEqual([]);
    expect(plainLogLines('plain \u001b[2J line')).toEqual(['plain \\x1b[2J line']);
  });
});

describe('a hand edit of one stats line', () => {
  const text = ['{"schema": 2, "tests": {', '"a::one": {"override":null,"quarantined":false,"reason":"r"},', '"a::two": {"override":"never","quarantined":false,"reason":"r"}', '}}', ''].join('\n');
  const files = new Map([
    ['flakeguard.json', '{"schema": 2, "shards": 1, "writes": 1, "ingested": {}}'],
    ['stats/00.json', text],
  ]);

  it('changes that line only, and keeps the trailing comma', () => {
    const snapshot = parseSnapshot(files);
    const edit = editOverride(files, snapshot, 'one', overrideValue({ action: 'quarantine', reason: 'X-1', until: '2099-01-31' }, 0));
    expect(edit).toMatchObject({ id: 'a::one', path: 'stats/00.json', line: 2, before: null });
    const lines = edit.files.get('stats/00.json')!.split('\n');
    expect(lines[1]).toBe('"a::one": {"override":{"action":"quarantine","reason":"X-1","until":"2099-01-31"},"quarantined":false,"reason":"r"},');
    expect(lines.filter((_, i) => i !== 1)).toEqual(text.split('\n').filter((_, i) => i !== 1));
    expect(parseSnapshot(edit.files).overrides.get('a::one')?.override).toEqual({ action: 'quarantine', reason: 'X-1', until: '2099-01-31' });
  });

  it('asks for the full id when words name several tests, and refuses a past date', () => {
    const snapshot = parseSnapshot(files);
    expect(findTests(snapshot, 'A::')).toEqual(['a::one', 'a::two']);
    expect(() => editOverride(files, snapshot, 'a::', 'never')).toThrow("'a::' matches 2 tests; give the full id:\n  a::one\n  a::two");
    expect(() => overrideValue({ action: 'never', until: '2001-01-01' }, Date.parse('2026-01-01'))).toThrow(CliError);
    expect(overrideValue({ action: 'auto' }, 0)).toBeNull();
    expect(overrideValue({ action: 'never' }, 0)).toBe('never');
  });

  it("--cells writes the override's cells in their canonical form, checked as the stats file checks them", () => {
    expect(overrideValue({ action: 'quarantine', cells: ['os=windows-latest', 'os=macos-latest, node=20'] }, 0)).toEqual({
      action: 'quarantine',
      cells: ['node=20,os=macos-latest', 'os=windows-latest'],
    });
    // A value holding "," named with "\,"; what is written reads back as the same cell.
    const value = overrideValue({ action: 'quarantine', reason: 'X-2', cells: ['env={"A":1\\,"B":2}, os=linux'] }, 0);
    expect(value).toEqual({ action: 'quarantine', reason: 'X-2', cells: ['env={"A":1\\,"B":2},os=linux'] });
    const edit = editOverride(files, parseSnapshot(files), 'one', value);
    expect(parseSnapshot(edit.files).overrides.get('a::one')?.override.cells).toEqual(['env={"A":1\\,"B":2},os=linux']);
    expect(() => overrideValue({ action: 'quarantine', cells: ['windows'] }, 0)).toThrow(
      new CliError('--cells windows: a cell must be key=value pairs joined by "," like "os=windows-latest" (a "," in a value written "\\,"), got "windows".'),
    );
    expect(() => overrideValue({ action: 'never', cells: ['os=linux'] }, 0)).toThrow(new CliError('--cells goes with quarantine: a release ("never") covers every cell.'));
    expect(() => overrideValue({ action: 'quarantine', cells: Array.from({ length: 101 }, (_, i) => `n=${i}`) }, 0)).toThrow(/--cells names 101 cells, more than the 100 flakeguard reads/);
  });
});
