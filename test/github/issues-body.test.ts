/**
 * What flakeguard writes in issues: markers, titles, bodies and comments, with every untrusted string defused.
 */
import { describe, expect, it } from 'vitest';
import { historyOf } from '../support/builders.ts';
import {
  BODY_MAX,
  TITLE_MAX,
  assigneesOf,
  idMarker,
  issueTitle,
  parseIdMarker,
  parseMeta,
  renderBody,
  renderComment,
  runLink,
  testHash,
  titleText,
  withMeta,
  type IssueContent,
  type RenderContext,
} from '../../src/github/issue-body.ts';
import { decideQuarantine } from '../../src/policy/quarantine.ts';
import { parseCodeowners, ownersOfTest } from '../../src/owners/index.ts';
import type { TestHistory } from '../../src/model.ts';

const CTX: RenderContext = { serverUrl: 'https://github.com', repository: 'octo/project', dataBranch: 'flakeguard-data', closeLifts: true, mentions: true };
const HOSTILE_ID = 'evil.Suite::@everyone <img src=x> [x](http://evil) #12 `rm -rf` -->';

function content(test: TestHistory, extra: Partial<IssueContent> = {}): IssueContent {
  const codeowners = parseCodeowners('* @octo/qa\n/src/ @alice @octo/core bob@example.com');
  return {
    test,
    hash: testHash(test.id),
    decision: decideQuarantine(test, undefined, null, '2026-11-02T00:00:00Z'),
    quarantined: true,
    reason: 'quarantined',
    pfsNow: [0.5, 0.189, 0.811],
    pfsTrend: [
      { runs: 1, pf: 0.333 },
      { runs: 2, pf: 0.5 },
    ],
    owners: ownersOfTest(test, { codeowners, classMap: [], workspace: '/ws' }),
    codeownersPath: '.github/CODEOWNERS',
    statsFile: 'stats/00.json',
    meta: { pfs: [0.5, 0.189, 0.811] },
    ...extra,
  };
}

function hostileTest(): TestHistory {
  const h = historyOf(HOSTILE_ID, 'FP FP');
  h.runs = h.runs.map((r, i) => ({ ...r, run: `${7000 + i}/test/abcd1234`, message: 'ping @admin <script>x</script> ![img](http://x/y.png) www.evil.example' }));
  return { ...h, file: 'src/evil.test.ts', classname: 'evil.Suite' };
}

describe('markers', () => {
  it('finds the test again by the sha256 of its id, whatever the body around it', () => {
    const h = testHash('a::b');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(parseIdMarker(`text\n${idMarker(h)}\nmore`)).toBe(h);
    expect(parseIdMarker('<!-- flakeguard:test-id=abc -->')).toBeUndefined();
    expect(parseIdMarker(null)).toBeUndefined();
  });

  it('keeps hidden state (the recorded score, flakeguard’s close) in the body, and tolerates a broken one', () => {
    const body = renderBody(CTX, content(historyOf('t', 'FP FP'), { meta: { pfs: [0.1234, 0.05, 0.2] } }));
    expect(parseMeta(body)).toEqual({ pfs: [0.123, 0.05, 0.2], reason: 'quarantined' });
    const closed = withMeta(body, { pfs: [0.1, 0.05, 0.2], closed: '2026-11-02T10:00:00.000Z', reason: 'quarantined' });
    expect(parseMeta(closed)).toEqual({ pfs: [0.1, 0.05, 0.2], closed: '2026-11-02T10:00:00.000Z', reason: 'quarantined' });
    expect(closed.match(/flakeguard:meta/g)).toHaveLength(1);
    expect(parseMeta('<!-- flakeguard:meta {"pfs": "x", "closed": 5} -->')).toEqual({});
    expect(parseMeta('<!-- flakeguard:meta {not json} -->')).toEqual({});
    expect(parseMeta(withMeta('no marker yet', { closed: '2026-01-01T00:00:00Z' }))).toEqual({ closed: '2026-01-01T00:00:00Z' });
  });
});

describe('titles', () => {
  it('name the test, on one line, with @ and # that link nothing, within 256 characters', () => {
    expect(issueTitle({ id: 'app.Cart::total' })).toBe('Flaky test: app.Cart::total');
    expect(titleText('hi @all\n#3\u202e x', 100)).toBe('hi ＠all ＃3 x');
    // A control character is shown, so a NUL-named test's issue is told apart from its namesake's.
    expect(titleText('\u0000starts \u001b[1mbold', 100)).toBe('\\x00starts \\x1b[1mbold');
    const long = issueTitle({ id: 'x'.repeat(1000) });
    expect(long.length).toBe(TITLE_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the body', () => {
  it('mentions only the CODEOWNERS owners; names, files and messages are defused', () => {
    const body = renderBody(CTX, content(hostileTest()));
    const mentions = [...body.matchAll(/@[\w./-]+/g)].map((m) => m[0]);
    expect(new Set(mentions)).toEqual(new Set(['@alice', '@octo/core']));
    expect(body).toContain('bob&#64;example.com');
    expect(body).not.toMatch(/<img|<script|!\[img\]|\]\(http:\/\/evil|www\.evil|`rm/);
    // The id cannot close the hidden markers early.
    expect(body.match(/-->/g)).toHaveLength(2);
    expect(body).toContain('evil.Suite&#58;&#58;&#64;everyone &lt;img src&#61;x&gt;');
  });

  it('shows the owners without mentioning them in a dry run', () => {
    const body = renderBody({ ...CTX, mentions: false }, content(hostileTest()));
    expect(body).toContain('`@alice`, `@octo/core`, bob&#64;example.com (.github/CODEOWNERS line 2: /src/)');
    expect(body).not.toMatch(/(^|[^`])@(alice|octo)/m);
  });

  it('shows the score, its history, the failures with links to their runs, and how to act by hand', () => {
    const body = renderBody(CTX, content(hostileTest(), { pfsBefore: { label: 'before the last 10 runs', interval: [0.02, 0.001, 0.06] } }));
    expect(body).toContain('- Now: **0.500 (90% interval 0.189–0.811)**');
    expect(body).toContain('- before the last 10 runs: 0.020 (90% interval 0.001–0.060)');
    expect(body).toContain('- PFS of the last 10 runs, over time: 0.333 (1 runs) → 0.500 (2 runs)');
    expect(body).toContain('| [7001](https://github.com/octo/project/actions/runs/7001) |');
    expect(body).toContain('failed → passed | ping &#64;admin &lt;script&gt;');
    expect(body).toContain('stats/00.json on the flakeguard&#45;data branch ([edit it](https://github.com/octo/project/edit/flakeguard-data/stats/00.json))');
    expect(body).toContain('&#123;&quot;override&quot;&#58; &quot;never&quot;, ...&#125;');
    expect(body).toContain('**Close this issue as completed**');
    expect(renderBody({ ...CTX, closeLifts: false }, content(hostileTest()))).toContain('does not lift the quarantine (`close-lifts-quarantine: false`)');
  });

  it('says where the owners come from, or why there are none', () => {
    const noFile = historyOf('pkg.T::x', 'FP FP');
    expect(renderBody(CTX, content(noFile))).toContain('| Owners | none found (no file to look up) |');
    const unowned = { ...historyOf('t', 'FP'), file: 'lib/x.ts' };
    const c = content(unowned, { owners: ownersOfTest(unowned, { codeowners: parseCodeowners('/src/ @a'), classMap: [], workspace: '/ws' }) });
    expect(renderBody(CTX, c)).toContain('| Owners | none: no line of .github/CODEOWNERS matches this path |');
    expect(renderBody(CTX, { ...c, codeownersPath: undefined } as IssueContent)).toContain('the repository has no CODEOWNERS file');
  });

  it('stays under GitHub’s size limit with its markers intact', () => {
    const big = historyOf('t', Array(100).fill('FP').join(' '));
    big.runs = big.runs.map((r) => ({ ...r, message: '<'.repeat(200) }));
    const body = renderBody(CTX, content({ ...big, id: 'x'.repeat(60_000) }));
    expect(body.length).toBeLessThanOrEqual(BODY_MAX);
    expect(parseIdMarker(body)).toBe(testHash('x'.repeat(60_000)));
    expect(parseMeta(body).pfs).toBeDefined();
  });
});

describe('comments and links', () => {
  it('links a run from the run id at the start of its key, and only then', () => {
    expect(runLink(CTX, '12345/test/abcd')).toBe('[12345](https://github.com/octo/project/actions/runs/12345)');
    expect(runLink(CTX, 'local/test/abcd')).toBe('local');
    expect(runLink(CTX, '[x](http://evil)/y')).toBe('&#91;x&#93;&#40;http&#58;');
  });

  it('mentions owners when reopening, and defuses the rest', () => {
    const text = renderComment(CTX, {
      kind: 'reopened',
      why: 'failed again @everyone',
      owners: [
        { kind: 'user', login: 'alice' },
        { kind: 'team', org: 'octo', slug: 'core' },
        { kind: 'email', address: 'x@y.z' },
      ],
    });
    expect(text).toMatch(/^Reopening: failed again &#64;everyone\. @alice @octo\/core\n\n<!-- flakeguard:comment -->$/);
    expect(renderComment({ ...CTX, mentions: false }, { kind: 'reopened', why: 'x', owners: [{ kind: 'user', login: 'alice' }] })).toContain('`@alice`');
    expect(renderComment(CTX, { kind: 'duplicate', of: 3 })).toContain('Duplicate of #3');
    expect(renderComment(CTX, { kind: 'regressed', now: [0.3, 0.2, 0.4], before: { label: 'when flakeguard last wrote this issue', interval: [0.05, 0.01, 0.1] } })).toContain(
      'PFS is now 0.300 (90% interval 0.200–0.400); when flakeguard last wrote this issue it was 0.050',
    );
  });

  it('assigns users only, at most 10, once each', () => {
    const owners = [...Array.from({ length: 12 }, (_, i) => ({ kind: 'user' as const, login: `u${i}` })), { kind: 'user' as const, login: 'u0' }, { kind: 'team' as const, org: 'o', slug: 't' }];
    expect(assigneesOf(owners)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9']);
  });
});

describe('the recorded reason', () => {
  it('is kept in the hidden meta, so that a later run knows what the issue is about', () => {
    const body = renderBody(CTX, content(historyOf('t', 'FP FP'), { reason: 'regressed', meta: {} }));
    expect(parseMeta(body)).toEqual({ reason: 'regressed' });
    expect(body).toContain('**The flakiness of this test rose significantly**');
  });
});
