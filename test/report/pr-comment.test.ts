import { describe, expect, it } from 'vitest';
import { MAX_ITEMS, renderSection, somethingToSay, type PrSectionInput } from '../../src/report/pr-comment.ts';
import { COMMENT_MAX, composeBody, hasSection, inertSection, parseSections, PR_COMMENT_MARKER, SECTION_MAX, sectionBudget, sectionKey, withSection } from '../../src/report/pr-comment-body.ts';
import type { Decision } from '../../src/policy/quarantine.ts';
import { dashboardTestUrl } from '../../src/dashboard/links.ts';
import { decision, parsedTest, summaryInput } from './fixtures.ts';
import { decodeEntities, markdownProblems } from './markdown-checks.ts';

const RUN_URL = 'https://github.com/o/r/actions/runs/7/attempts/1';
/** The addresses a section links to (src/github/pr-comment.ts linkPrefixes): the repository's pages, the dashboard. */
const LINKS = ['https://github.com/o/r/', RUN_URL, 'https://o.github.io/r/'];

function section(tests: ReturnType<typeof parsedTest>[], quarantinedBefore: string[] = [], extra: Partial<PrSectionInput> = {}): PrSectionInput {
  const s = summaryInput({ tests, quarantinedBefore });
  return {
    label: '{"os":"linux"}',
    sha: 'a'.repeat(40),
    outcome: s.outcome,
    decisions: new Map<string, Decision>(quarantinedBefore.map((id) => [id, decision('PRRFF', true)])),
    scores: { get: (id: string) => (quarantinedBefore.includes(id) ? { tier: 'Flaky', pf: 0.41, pfLow: 0.2, pfHigh: 0.7, score: 0.4 } : undefined) },
    newlyQuarantined: [],
    orderDependent: new Map(),
    runUrl: RUN_URL,
    dataBranch: 'flakeguard-data',
    dataBranchUrl: 'https://github.com/o/r/tree/flakeguard-data',
    statsFileOf: () => 'stats/00.json',
    ...extra,
  };
}

/** markdownProblems, less what the comment writes itself: its hidden markers and the link to the run. */
function problems(text: string): string[] {
  const own = text
    .replace(/<!-- flakeguard:[a-z-]+(=[0-9a-f]{16})? -->/g, '')
    .split(`](${RUN_URL})`)
    .join(']');
  return markdownProblems(own);
}

describe('somethingToSay', () => {
  it('is false for a clean run and true for each thing a reviewer should read', () => {
    expect(somethingToSay(section([parsedTest('t', 'P')]))).toBe(false);
    expect(somethingToSay(section([parsedTest('t', 'F')]))).toBe(true);
    expect(somethingToSay(section([parsedTest('t', 'F')], ['t']))).toBe(true);
    expect(somethingToSay(section([parsedTest('t', 'FP')]))).toBe(true);
    expect(somethingToSay(section([parsedTest('t', 'P')], [], { newlyQuarantined: ['t'] }))).toBe(true);
    expect(somethingToSay(section([parsedTest('t', 'P')], [], { orderDependent: new Map([['t', 'fails after u']]) }))).toBe(true);
    const rerun = { provenFlaky: [], newFlaky: ['n'], attempts: new Map(), blockedWhy: new Map() };
    expect(somethingToSay(section([parsedTest('t', 'P')], [], { rerun }))).toBe(true);
  });
});

describe('renderSection', () => {
  it('says what blocks and why, what was forgiven with its evidence, and links the run', () => {
    const text = renderSection(section([parsedTest('a::real', 'F'), parsedTest('a::flaky', 'F'), parsedTest('a::retry', 'FP')], ['a::flaky']), 20_000);
    const lines = text.split('\n');
    expect(lines[0]).toBe('### ❌ &#123;&quot;os&quot;&#58;&quot;linux&quot;&#125;: Fix 1 failing test&#58; a&#58;&#58;real');
    // The lead: one line per failed test, with its verdict in words, before the counts.
    expect(decodeEntities(lines[2]!)).toBe('- ❌ **a::real** — failed in this run, not quarantined (not re-run: the `rerun` input proves a failure flaky or real on the spot) · boom F');
    expect(decodeEntities(lines[3]!)).toBe('- ⚠️ **a::flaky** — quarantined: forgiven as flaky · boom F');
    expect(decodeEntities(lines[4]!)).toBe('- 🔁 **a::retry** — flaky: passed on a retry in this run · boom F');
    expect(text).toContain('- 1 failed test is not quarantined. Fix it: quarantine is for flaky tests');
    expect(text).toContain('#### ❌ Blocking (1)\n\n- **a&#58;&#58;real**: boom F. Blocks because not quarantined.');
    expect(text).toContain(
      '#### ⚠️ Forgiven: quarantined as flaky (1)\n\n_PFS: the probability that a run fails for no reason, with its 90% interval (docs/scoring.md)._\n\n- **a&#58;&#58;flaky**: boom F. PFS 0.41 [0.20, 0.70] · recent runs ✓↻↻✗✗ · failed and passed on the same commit 2 times in 9 runs. Stats line in `stats/00.json`.',
    );
    expect(text).toContain('#### 🔁 Failed, then passed on this commit (1)\n\n- **a&#58;&#58;retry**: attempts ✗↻');
    expect(text).toContain(`[This run](${RUN_URL})`);
    expect(text).toContain('(run at `aaaaaaa`)');
    expect(problems(text)).toEqual([]);
  });

  it('gives the re-runs as evidence: why a failure still blocks, the attempts, new tests already flaky', () => {
    const attempts = (a: string) => parsedTest('x', a).attempts;
    const rerun = {
      provenFlaky: ['a::retried'],
      newFlaky: ['a::new'],
      attempts: new Map([
        ['a::broken', attempts('FFFF')],
        ['a::retried', attempts('FFP')],
      ]),
      blockedWhy: new Map([['a::broken', 'it failed all 3 re-runs: consistent']]),
    };
    const text = renderSection(section([parsedTest('a::broken', 'FFFF'), parsedTest('a::retried', 'FFP'), parsedTest('a::new', 'FP')], [], { rerun }), 20_000);
    expect(text).toContain('- **a&#58;&#58;broken**: boom F. Blocks because it failed all 3 re&#45;runs&#58; consistent (attempts ✗✗✗✗).');
    expect(text).toContain('- **a&#58;&#58;retried**: attempts ✗✗↻');
    expect(text).toContain('#### 🆕 New tests already flaky (1)\n\n- **a&#58;&#58;new**: failed and passed on this commit before it merges.');
    expect(problems(text)).toEqual([]);
  });

  it('says a clean run is clean', () => {
    const text = renderSection(section([parsedTest('t', 'P')]), 20_000);
    expect(text).toContain('The latest run at `aaaaaaa` is clean: nothing blocks, nothing was forgiven, no test was flaky.');
    expect(text).not.toContain('####');
  });

  it('renders hostile names as text: no HTML, no link, no mention, no issue reference, no code span', () => {
    const hostile = ['@octo/security-team please', 'fixes #1', '<img src=x onerror=alert(1)>', '](javascript:alert(1))', '`code` and ``` fence', '@alice'];
    const tests = hostile.map((name) => parsedTest(`pkg::${name}`, 'F', { attempts: [{ status: 'failed', message: `cc ${name}` }] }));
    const text = renderSection(section(tests, [], { label: '@octo/team #2' }), 40_000);
    expect(problems(text)).toEqual([]);
    const decoded = decodeEntities(text);
    for (const name of hostile) expect(decoded).toContain(name.replace(/@/g, '@\u200b').replace(/#/g, '#\u200b'));
    // Even read with its entities decoded, no `@` or `#` is followed by what GitHub would link.
    expect(decoded).not.toMatch(/@[A-Za-z0-9]|#[0-9]/);
  });

  it('cuts a 100,000-character name and keeps within its budget with "and N more"', () => {
    const tests = [parsedTest(`x::${'n'.repeat(100_000)}`, 'F'), ...Array.from({ length: 300 }, (_, i) => parsedTest(`pkg::test ${i} ${'y'.repeat(200)}`, 'F'))];
    const text = renderSection(section(tests), 20_000);
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text).not.toContain('n'.repeat(300));
    const more = /- _…and ([0-9,]+) more tests: see the job summary\._/.exec(text);
    expect(more).not.toBeNull();
    const shown = text.split('\n').filter((l) => l.startsWith('- **')).length;
    expect(text.split('\n')[0]!.length).toBeLessThan(600);
    expect(shown + Number(more![1]!.replace(/,/g, ''))).toBe(301);
    expect(text).toContain(`[This run](${RUN_URL})`);
  });

  it(`lists at most ${MAX_ITEMS} tests of a kind, however large the budget`, () => {
    const tests = Array.from({ length: MAX_ITEMS + 7 }, (_, i) => parsedTest(`t${i}`, 'F'));
    const text = renderSection(section(tests), 60_000);
    expect(text.split('\n').filter((l) => l.startsWith('- **'))).toHaveLength(MAX_ITEMS);
    expect(text).toContain('- _…and 7 more tests: see the job summary._');
  });
});

describe('the comment body and its sections', () => {
  const a = { key: sectionKey('CI\ntest\nos=linux'), text: '### ✅ linux: No test failed' };
  const b = { key: sectionKey('CI\ntest\nos=windows'), text: '### ❌ windows: 1 test failed' };

  it('starts with the marker and keeps other jobs’ sections when one job writes its own', () => {
    const one = withSection(undefined, a);
    expect(one.startsWith(`${PR_COMMENT_MARKER}\n`)).toBe(true);
    const two = withSection(one, b);
    expect(parseSections(two)).toEqual([a, b]);
    const changed = { key: a.key, text: '### ❌ linux: 2 tests failed' };
    const three = withSection(two, changed);
    expect(parseSections(three)).toEqual([changed, b]);
    expect(hasSection(three, a.key, changed.text)).toBe(true);
    expect(hasSection(three, a.key, a.text)).toBe(false);
  });

  it('merges the sections of a duplicate comment (two jobs created one at once)', () => {
    const body = withSection(withSection(undefined, a), { key: a.key, text: 'newer' }, [withSection(undefined, b)]);
    expect(parseSections(body)).toEqual([{ key: a.key, text: 'newer' }, b]);
  });

  it('simulated interleaving: a write based on a stale read loses a section, and the writer that re-reads restores it', () => {
    const base = withSection(undefined, { key: sectionKey('other'), text: 'other job' });
    // Both jobs read `base`; A writes, then B writes from its stale read: A's section is gone.
    const afterA = withSection(base, a);
    const afterB = withSection(base, b);
    expect(hasSection(afterB, a.key, a.text)).toBe(false);
    // A reads back, misses its section, and merges again into what it read.
    const repaired = withSection(afterB, a);
    expect(parseSections(repaired).map((s) => s.key)).toEqual([sectionKey('other'), b.key, a.key]);
    expect(afterA).not.toBe(repaired);
  });

  it('is not fooled by untrusted text that looks like a marker: a section renders `<` as an entity', () => {
    const forged = renderSection(section([parsedTest(`x::\n<!-- flakeguard:end=${a.key} -->`, 'F')]), 10_000);
    const body = withSection(withSection(undefined, a, [], LINKS), { key: b.key, text: forged }, [], LINKS);
    expect(parseSections(body)).toEqual([a, { key: b.key, text: forged }]);
  });

  it("inertSection leaves flakeguard's own sections as rendered, hostile names and dashboard links included", () => {
    const hostile = ['@octo/team <details>', '[x](https://evil.example/)', '![i](https://evil.example/t.gif)', 'www.evil.example ok', 'closes #12', '`code`'];
    const input = section(
      hostile.map((n) => parsedTest(`evil::${n}`, 'F')),
      [],
      { testUrl: (id) => dashboardTestUrl('https://o.github.io/r/', id), fixes: ['- verified on pull request #12: fixed'] },
    );
    const text = renderSection(input, 20_000);
    expect(text).toContain('](https://o.github.io/r/#/test/');
    expect(inertSection(text, LINKS)).toBe(text);
    expect(hasSection(withSection(undefined, { key: a.key, text }, [], LINKS), a.key, text, LINKS)).toBe(true);
  });

  it('inertSection makes anything else inert: no tag, image, mention, foreign link or bare address; bounded; idempotent', () => {
    const hostile = [
      '### ✅ all tests passed',
      'cc @alice and @octo/security-team',
      '[re-authorise](https://evil.example/login) [run](https://github.com/o/r/actions/runs/9) [ref][1]',
      '[1]: https://evil.example/ref',
      '![](https://evil.example/t.gif) ![x](https://github.com/o/r/x.png) <img src="https://evil.example/p.png">',
      'see https://evil.example/bare and www.evil.example',
      `<details><summary>more</summary> <!-- flakeguard:end=${a.key} -->`,
    ].join('\n');
    const inert = inertSection(hostile, LINKS);
    expect(inert).not.toMatch(/<|@[a-z]|!\[|\]\(https:\/\/evil|\]: https|https:\/\/evil|www\.evil/);
    // A link to where flakeguard links stays a link.
    expect(inert).toContain('[run](https://github.com/o/r/actions/runs/9)');
    expect(decodeEntities(inert).replace(/\u200b/g, '')).toBe(hostile);
    expect(inertSection(inert, LINKS)).toBe(inert);
    // Without the addresses, no link at all.
    expect(inertSection(hostile)).not.toContain('](');
    const huge = inertSection('@'.repeat(COMMENT_MAX), LINKS);
    expect(huge.length).toBeLessThanOrEqual(SECTION_MAX);
    expect(huge).toMatch(/(&#64;&#8203;)+$/);
    expect(inertSection(huge, LINKS)).toBe(huge);
    // The markers around it hold: the section is the one written, nothing folds or ends it early.
    const body = withSection(withSection(undefined, { key: b.key, text: hostile }, [], LINKS), a, [], LINKS);
    expect(parseSections(body)).toEqual([{ key: b.key, text: inert }, a]);
  });

  it('stays under 65,536 characters with many large sections: the longest others are shortened, the writer’s kept whole', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ key: sectionKey(`job ${i}`), text: `### job ${i}\n${'x'.repeat(20_000)}` }));
    const mine = { key: sectionKey('mine'), text: `### mine\n${'m'.repeat(sectionBudget(composeBody(many, ''), sectionKey('mine')) - 20)}` };
    const body = composeBody([...many, mine], mine.key);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX);
    expect(hasSection(body, mine.key, mine.text)).toBe(true);
    const parsed = parseSections(body);
    expect(parsed).toHaveLength(9);
    expect(parsed.filter((s) => s.text.includes("This job's section was shortened")).length).toBeGreaterThan(0);
  });

  it('leaves sections out, saying how many, when even their headings do not fit', () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ key: sectionKey(`job ${i}`), text: `### job ${i} ${'h'.repeat(380)}\n\nbody` }));
    const body = composeBody(many, many[0]!.key);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX);
    const left = Number(/_…and ([0-9]+) more jobs' sections not shown/.exec(body)?.[1]);
    expect(parseSections(body).length + left).toBe(400);
  });

  it('gives a section the whole comment when alone, a share when others are there', () => {
    expect(sectionBudget(undefined, a.key)).toBeGreaterThan(60_000);
    const withOthers = withSection(withSection(undefined, a), b);
    expect(sectionBudget(withOthers, a.key)).toBeLessThan(33_000);
    expect(sectionBudget(withOthers, sectionKey('third'))).toBeLessThan(22_000);
  });
});
