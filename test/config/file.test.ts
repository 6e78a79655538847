import { describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../src/config/file-parse.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../../src/history/merge.ts';

describe('the config file', () => {
  it('gives the defaults when empty', () => {
    expect(parseFileConfig('', 'c.yml')).toEqual({ retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY });
  });

  it('reads every policy key, numbers and words', () => {
    const config = parseFileConfig(
      'history:\n  max-runs: 50\npolicy:\n  enter-same-commit-flips: 2\n  release-after-clean-runs: 20\n  forgive: any-failure\n  outage-min-tests: 10\n  outage-percent: 80\n',
      'c.yml',
    );
    expect(config.retention.maxRuns).toBe(50);
    expect(config.policy).toEqual({ ...DEFAULT_POLICY, enterSameCommitFlips: 2, releaseAfterCleanRuns: 20, forgive: 'any-failure', outageMinTests: 10, outagePercent: 80 });
  });

  it.each([
    ['policy:\n  forgive: everything\n', /'policy.forgive' must be one of known-failures, any-failure/],
    ['policy:\n  forgive: 1\n', /'policy.forgive' must be one of/],
    ['policy:\n  outage-percent: 150\n', /'policy.outage-percent' must be a whole number from 1 to 100/],
    ['policy:\n  enter-same-commit-flip: 1\n', /line 2: unknown key 'policy.enter-same-commit-flip' \(known: .*forgive/],
    ['polcy:\n  window: 1\n', /unknown section 'polcy'/],
  ])('names the key of a bad value: %j', (text, message) => {
    expect(() => parseFileConfig(text, 'c.yml')).toThrow(message);
  });
});
