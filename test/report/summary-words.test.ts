/** The summary's words of issue #18, unit by unit (the dist-level ones are in test/e2e/summary-words.test.ts). */
import { describe, expect, it } from 'vitest';
import { reasonWithoutPfs, renderSummary, verdict } from '../../src/report/summary.ts';
import { blobUrlFor } from '../../src/github/publish.ts';
import { contextFromEnv } from '../../src/config/context.ts';
import { parsedTest } from '../support/builders.ts';
import { summaryInput } from './fixtures.ts';
import { expectSafeMarkdown } from './markdown-checks.ts';

describe('the summary names and links', () => {
  it('names at most five failing tests, then counts, all escaped', () => {
    const tests = Array.from({ length: 7 }, (_, i) => parsedTest(`a::t${i} | <b>`, 'F'));
    const text = renderSummary(summaryInput({ tests }));
    expect(text).toContain(
      '- 7 failed tests are not quarantined: a&#58;&#58;t0 &#124; &lt;b&gt;, a&#58;&#58;t1 &#124; &lt;b&gt;, a&#58;&#58;t2 &#124; &lt;b&gt;, a&#58;&#58;t3 &#124; &lt;b&gt;, a&#58;&#58;t4 &#124; &lt;b&gt; and 2 more.',
    );
    expectSafeMarkdown(text);
  });

  it("leaves an aggregate's per-shard reasons as counts (the names would mix the shards)", () => {
    const input = summaryInput({ tests: [parsedTest('a::x', 'F')] });
    input.outcome.reasons = ['test (shard=2): 1 failed test is not quarantined.'];
    expect(renderSummary(input)).toContain('- test &#40;shard&#61;2&#41;&#58; 1 failed test is not quarantined.\n');
  });

  it('says a green run quarantined, and strips only a closing PFS from a reason', () => {
    const input = summaryInput({ tests: [parsedTest('a::r', 'FP')], newlyQuarantined: ['a::r'] });
    expect(verdict(input.outcome, 1)).toBe('Nothing to do: 1 flaky failure passed on a retry; 1 test newly quarantined as flaky');
    expect(verdict(input.outcome)).toBe('Nothing to do: 1 flaky failure passed on a retry');
    expect(verdict({ ...input.outcome, passedOnRetry: [] })).toBe('No test failed');
    expect(reasonWithoutPfs('failed and passed on the same commit once in 2 runs; PFS 0.40 [0.10, 0.75]')).toBe('failed and passed on the same commit once in 2 runs');
    expect(reasonWithoutPfs('quarantined by hand: PFS 0.40 [0.10, 0.75] is high')).toBe('quarantined by hand: PFS 0.40 [0.10, 0.75] is high');
  });

  it('links only plain repository paths of a GitHub commit, each segment encoded', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const link = blobUrlFor(contextFromEnv({ GITHUB_SHA: sha, GITHUB_REPOSITORY: 'o/r' }))!;
    expect(link('src/a b/(x).ts', 3)).toBe(`https://github.com/o/r/blob/${sha}/src/a%20b/%28x%29.ts#L3`);
    expect(link('a.ts')).toBe(`https://github.com/o/r/blob/${sha}/a.ts`);
    for (const bad of ['/etc/passwd', '../x.ts', 'a/../../x.ts', 'C:/x.ts', 'a//b.ts', '']) expect(link(bad)).toBeUndefined();
    expect(blobUrlFor(contextFromEnv({ GITHUB_SHA: 'main' }))).toBeUndefined();
    expect(blobUrlFor(contextFromEnv({ GITHUB_SHA: sha, FLAKEGUARD_RUN_URL: 'https://gitlab.example.com/x' }))).toBeUndefined();
  });
});
