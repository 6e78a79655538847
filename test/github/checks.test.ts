import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANNOTATIONS_PER_REQUEST, MAX_CHECK_ANNOTATIONS, publishCheckRun, type CheckRunInput } from '../../src/github/checks.ts';
import { createClient, describeApiError, requestTimeoutMs } from '../../src/github/client.ts';
import type { AnnotationSpec } from '../../src/report/annotations.ts';
import { fakeResponses, startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';

const TOKEN = 'ghs_checks_unit_token';
let gh: FakeGitHub;
beforeEach(async () => {
  gh = await startGitHubFake({ owner: 'acme', repo: 'widgets', token: TOKEN });
});
afterEach(async () => {
  await gh.close();
});

function annotations(count: number, blocking = count): AnnotationSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    level: i < blocking ? ('failure' as const) : ('warning' as const),
    title: `t${i} failed`,
    message: `message ${i}`,
    ...(i % 3 === 2 ? { reportPath: 'reports/unit.xml' } : { path: `src/t${i}.test.ts`, line: i + 1 }),
    ...(i % 2 ? { details: `stack ${i}` } : {}),
    testId: `t${i}`,
  }));
}

function input(list: AnnotationSpec[], extra: Partial<CheckRunInput> = {}): CheckRunInput {
  return {
    owner: 'acme',
    repo: 'widgets',
    headSha: 'a'.repeat(40),
    name: 'flakeguard',
    conclusion: 'failure',
    title: '3 tests failed',
    summary: '### summary',
    annotations: list,
    detailsUrl: 'https://github.com/acme/widgets/actions/runs/1/attempts/1',
    ...extra,
  };
}

describe('publishCheckRun against the GitHub fake', () => {
  it('sends 120 annotations as batches of 50, 50 and 20, in order, with file, line and raw details', async () => {
    const list = annotations(120, 100);
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(list));
    expect(gh.violations()).toEqual([]);
    expect(result).toMatchObject({ created: true, requests: 3, sent: 120, unsent: [], overLimit: 0, unplaceable: 0 });
    const run = gh.state.checkRuns[0]!;
    expect(run).toMatchObject({ name: 'flakeguard', conclusion: 'failure', status: 'completed', head_sha: 'a'.repeat(40) });
    expect(run.annotationBatches).toEqual([50, 50, 20]);
    expect(run.output.annotations.map((a) => a.title)).toEqual(list.map((a) => a.title));
    expect(run.output.annotations[0]).toMatchObject({ path: 'src/t0.test.ts', start_line: 1, end_line: 1, annotation_level: 'failure' });
    expect(run.output.annotations[2]).toMatchObject({ path: 'reports/unit.xml', start_line: 1, end_line: 1 });
    expect(run.output.annotations[1]!.raw_details).toBe('stack 1');
    expect(run.output.annotations[119]!.annotation_level).toBe('warning');
    expect(run.output.summary).toBe('### summary');
  });

  it(`with 10k failures, sends the first ${MAX_CHECK_ANNOTATIONS} (blocking first) in requests of ${ANNOTATIONS_PER_REQUEST}, and counts the rest`, async () => {
    const list = annotations(10_000, 10_000);
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(list));
    expect(gh.violations()).toEqual([]);
    const run = gh.state.checkRuns[0]!;
    expect(run.annotationBatches).toEqual(Array.from({ length: MAX_CHECK_ANNOTATIONS / ANNOTATIONS_PER_REQUEST }, () => 50));
    expect(result).toMatchObject({ created: true, sent: MAX_CHECK_ANNOTATIONS, overLimit: 10_000 - MAX_CHECK_ANNOTATIONS, requests: 20 });
    expect(run.output.annotations.at(-1)!.title).toBe(`t${MAX_CHECK_ANNOTATIONS - 1} failed`);
  });

  it('leaves out annotations with no place, and counts them', async () => {
    const list = annotations(4).map((a, i) => (i === 1 ? { ...a, path: undefined, reportPath: undefined } : a));
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(list));
    expect(result).toMatchObject({ created: true, sent: 3, unplaceable: 1 });
    expect(gh.state.checkRuns[0]!.output.annotations.map((a) => a.title)).toEqual(['t0 failed', 't2 failed', 't3 failed']);
  });

  it('cuts a summary over 65,535 characters and says so', async () => {
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(annotations(1), { summary: `${'é'.repeat(40_000)}\n${'x'.repeat(40_000)}` }));
    expect(gh.violations()).toEqual([]);
    expect(result.created).toBe(true);
    const summary = gh.state.checkRuns[0]!.output.summary!;
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(65_535);
    expect(summary).toContain("cut at GitHub's limit");
  });

  it('returns what was not sent when a later batch fails', async () => {
    gh.failNext({ operationId: 'checks/update' }, fakeResponses.serverError());
    const list = annotations(130);
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(list));
    expect(result).toMatchObject({ created: true, sent: 50, requests: 2 });
    expect(result.unsent.map((a) => a.testId)).toEqual(list.slice(50).map((a) => a.testId));
    expect(result.error).toMatchObject({ status: 500, denied: false, rateLimited: false });
    expect(gh.state.checkRuns[0]!.annotationBatches).toEqual([50]);
  });

  it('reports a denied token', async () => {
    gh.failNext({ operationId: 'checks/create' }, fakeResponses.permissionDenied());
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(annotations(3)));
    expect(result).toMatchObject({ created: false, sent: 0, error: { status: 403, denied: true } });
    expect(result.error!.message).toContain('Resource not accessible by integration');
  });

  it('reports a rate limit, not a denial', async () => {
    gh.failNext({ operationId: 'checks/create' }, fakeResponses.rateLimited());
    const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(annotations(3)));
    expect(result.error).toMatchObject({ status: 403, denied: false, rateLimited: true });
    expect(result.error!.message).toMatch(/^rate limited: API rate limit exceeded/);
  });

  it('gives up on a request after FLAKEGUARD_API_TIMEOUT_MS', async () => {
    process.env.FLAKEGUARD_API_TIMEOUT_MS = '300';
    try {
      // A hang the fake never ends: only the client's timeout can end the call (else: this test's timeout).
      gh.failNext({ operationId: 'checks/create' }, fakeResponses.hang());
      const result = await publishCheckRun(await createClient(TOKEN, gh.url), input(annotations(3)));
      expect(result).toMatchObject({ created: false, requests: 1, error: { timedOut: true, denied: false } });
      expect(result.error!.message).toBe('no answer within 300 ms (timed out)');
      const [rec] = gh.requests;
      await gh.settled(rec!);
      expect(rec).toMatchObject({ operationId: 'checks/create', abandoned: true });
      expect(rec!.status).toBeUndefined();
    } finally {
      delete process.env.FLAKEGUARD_API_TIMEOUT_MS;
    }
  });
});

describe('client settings', () => {
  it.each([
    [undefined, 20_000],
    ['1500', 1500],
    ['0', 20_000],
    ['abc', 20_000],
    ['700000', 20_000],
  ])('FLAKEGUARD_API_TIMEOUT_MS=%j gives %d ms', (value, expected) => {
    expect(requestTimeoutMs(value === undefined ? {} : { FLAKEGUARD_API_TIMEOUT_MS: value })).toBe(expected);
  });

  it('describes an error by its status and first line only, never its request', () => {
    const error = Object.assign(new Error('Server Error\nsecond line'), {
      status: 502,
      request: { headers: { authorization: 'token ghs_never_shown' } },
    });
    expect(describeApiError(error)).toEqual({ status: 502, message: 'Server Error', denied: false, rateLimited: false, timedOut: false });
  });
});
