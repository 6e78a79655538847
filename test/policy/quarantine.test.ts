import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_POLICY, decideQuarantine, describeEvidence, gatherEvidence } from '../../src/policy/quarantine.ts';
import { historyOf } from '../support/builders.ts';

const NOW = '2026-11-21T00:00:00.000Z';

describe('gatherEvidence', () => {
  it('counts failing runs proven flaky by a pass on the same commit', () => {
    const e = gatherEvidence(historyOf('t', 'P FP F@x P@x F@y'));
    expect(e.sameCommitFlips).toBe(2);
    expect(e.recent).toBe('PRFPF');
  });

  it('does not count pull-request failures without same-commit evidence', () => {
    const e = gatherEvidence(historyOf('t', 'P F! P F! P F!@z P!@z'));
    expect(e.trustedFailures).toBe(1);
    expect(e.failureEpisodes).toBe(1);
  });

  it('sees a failure streak running up to now as breakage', () => {
    expect(gatherEvidence(historyOf('t', 'P P F F FF')).trailingBreakage).toBe(3);
    expect(gatherEvidence(historyOf('t', 'P F F@a P@a')).trailingBreakage).toBe(0);
  });

  it('ignores runs that failed in an outage', () => {
    const h = historyOf('t', 'P EP P EP P');
    const marked = { ...h, runs: h.runs.map((r) => (r.attempts === 'EP' ? { ...r, outage: true } : r)) };
    expect(gatherEvidence(h).sameCommitFlips).toBe(2);
    expect(gatherEvidence(marked)).toMatchObject({ runs: 3, sameCommitFlips: 0, failureEpisodes: 0 });
  });

  it('counts a clean streak past the window, so that release-after-clean-runs may exceed it', () => {
    const clean = Array.from({ length: 30 }, () => 'P').join(' ');
    expect(gatherEvidence(historyOf('t', `FP ${clean}`), 10)).toMatchObject({ runs: 10, cleanStreak: 30 });
    expect(gatherEvidence(historyOf('t', `FP S ${clean}`), 50)).toMatchObject({ runs: 31, cleanStreak: 30 });
    const previous = { quarantined: true, reason: 'x', since: '2026-01-01T00:00:00.000Z' };
    const policy = { ...DEFAULT_POLICY, window: 10, releaseAfterCleanRuns: 30 };
    expect(decideQuarantine(historyOf('t', `FP ${clean}`), previous, null, NOW, policy).quarantined).toBe(false);
  });

  it('ignores skipped runs', () => {
    expect(gatherEvidence(historyOf('t', 'P S S P')).runs).toBe(2);
  });
});

describe('decideQuarantine', () => {
  it('quarantines after one proven flake, and says until when', () => {
    const d = decideQuarantine(historyOf('t', 'P FP P P'), undefined, null, NOW);
    expect(d.quarantined).toBe(true);
    expect(d.reason).toBe(
      'failed and passed on the same commit once in 4 runs; 1 separate failure episode (1 counted failure); stays quarantined until it passes at the first attempt 60 runs in a row (now 2)',
    );
    expect(d.since).toBe(NOW);
  });

  it('needs enter-same-commit-flips proven flakes', () => {
    const policy = { ...DEFAULT_POLICY, enterSameCommitFlips: 2 };
    expect(decideQuarantine(historyOf('t', 'P FP P P'), undefined, null, NOW, policy).quarantined).toBe(false);
    expect(decideQuarantine(historyOf('t', 'P FP P FP'), undefined, null, NOW, policy).quarantined).toBe(true);
  });

  it('quarantines after repeated failure episodes on the default branch', () => {
    expect(decideQuarantine(historyOf('t', 'P F P F P F P'), undefined, null, NOW).quarantined).toBe(true);
  });

  it('never auto-quarantines a breakage streak, whatever came before', () => {
    const d = decideQuarantine(historyOf('t', 'FP P FP P F F F'), undefined, null, NOW);
    expect(d.quarantined).toBe(false);
    expect(d.reason).toMatch(/breakage, not flakiness/);
  });

  it('does not quarantine on pull-request failures alone', () => {
    expect(decideQuarantine(historyOf('t', 'P F! P F! P F! P'), undefined, null, NOW).quarantined).toBe(false);
  });

  it('keeps a quarantined test in until a long clean streak, then releases it', () => {
    const previous = { quarantined: true, reason: 'x', since: '2026-01-01T00:00:00.000Z' };
    const clean = Array.from({ length: DEFAULT_POLICY.releaseAfterCleanRuns - 1 }, () => 'P').join(' ');
    const kept = decideQuarantine(historyOf('t', `FP FP ${clean}`), previous, null, NOW);
    expect(kept.quarantined).toBe(true);
    expect(kept.since).toBe(previous.since);
    const released = decideQuarantine(historyOf('t', `FP FP ${clean} P`), previous, null, NOW);
    expect(released.quarantined).toBe(false);
    expect(released.reason).toBe(`released: passed at the first attempt in the last ${DEFAULT_POLICY.releaseAfterCleanRuns} runs`);
  });

  it('after a release, counts only newer runs as evidence, so that it does not flap back in', () => {
    const clean = Array.from({ length: DEFAULT_POLICY.releaseAfterCleanRuns }, () => 'P').join(' ');
    const history = historyOf('t', `FP FP ${clean}`);
    const released = decideQuarantine(history, { quarantined: true, reason: 'x', since: NOW }, null, NOW);
    expect(released.quarantined).toBe(false);
    expect(released.evidenceAfter).toBe(history.runs[history.runs.length - 1]!.time);
    // The next run passes: the old flakes are still in the window but no longer count.
    const next = historyOf('t', `FP FP ${clean} P`);
    const stays = decideQuarantine(next, released, null, NOW);
    expect(stays).toMatchObject({ quarantined: false, evidenceAfter: released.evidenceAfter });
    expect(stays.reason).toBe('no counted failure in 1 runs since its release');
    // New flakes after the release do count.
    const again = decideQuarantine(historyOf('t', `FP FP ${clean} P FP FP`), released, null, NOW);
    expect(again.quarantined).toBe(true);
    expect(again.evidenceAfter).toBeUndefined();
  });

  it('lets a hand override win both ways', () => {
    const flaky = historyOf('t', 'FP FP FP');
    const never = decideQuarantine(flaky, undefined, { action: 'never', reason: 'owned by infra' }, NOW);
    expect(never).toMatchObject({ quarantined: false, reason: 'never quarantined, by hand: owned by infra' });
    const forced = decideQuarantine(historyOf('t', 'P P'), undefined, { action: 'quarantine', until: '2026-12-31' }, NOW);
    expect(forced).toMatchObject({ quarantined: true, reason: 'quarantined by hand (until 2026-12-31)' });
  });
});

describe('gatherEvidence, the fast path', () => {
  /** The first, straightforward version: every pass filters and re-reads the whole window. */
  function reference(history: ReturnType<typeof historyOf>, window: number) {
    const strip = (a: string) => a.replace(/S/g, '');
    const runs = history.runs.filter((r) => strip(r.attempts) !== '').slice(-window);
    const passedOn = new Set(runs.filter((r) => strip(r.attempts).includes('P')).map((r) => r.sha));
    const sameCommitFlips = runs.filter((r) => /[FE]/.test(strip(r.attempts)) && passedOn.has(r.sha)).length;
    let trustedFailures = 0;
    let failureEpisodes = 0;
    let inEpisode = false;
    for (const r of runs) {
      const a = strip(r.attempts);
      if (/[FE]/.test(a) && (r.onDefaultBranch || passedOn.has(r.sha))) {
        trustedFailures++;
        if (!inEpisode) failureEpisodes++;
        inEpisode = true;
      } else if (a.startsWith('P')) inEpisode = false;
    }
    let trailingBreakage = 0;
    for (let i = runs.length - 1; i >= 0 && !strip(runs[i]!.attempts).includes('P') && !passedOn.has(runs[i]!.sha); i--) trailingBreakage++;
    // The clean streak is not bounded by the window.
    const all = history.runs.filter((r) => strip(r.attempts) !== '');
    let cleanStreak = 0;
    for (let i = all.length - 1; i >= 0 && strip(all[i]!.attempts).startsWith('P'); i--) cleanStreak++;
    const recent = runs
      .slice(-20)
      .map((r) => {
        const a = strip(r.attempts);
        return /[FE]$/.test(a) ? 'F' : a.length > 1 ? 'R' : 'P';
      })
      .join('');
    return { runs: runs.length, sameCommitFlips, trustedFailures, failureEpisodes, trailingBreakage, cleanStreak, recent };
  }

  it('gives the same evidence as the straightforward reading, on any history', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.stringMatching(/^[PFES]{1,3}$/), fc.integer({ min: 0, max: 6 }), fc.boolean()), { maxLength: 80 }), fc.integer({ min: 2, max: 60 }), (runs, window) => {
        const history = historyOf('t', runs.map(([a, sha, pr]) => `${a}@s${sha}${pr ? '!' : ''}`).join(' '));
        expect(gatherEvidence(history, window)).toEqual(reference(history, window));
      }),
      { numRuns: 500 },
    );
  });
});

describe('decideQuarantine, the since it keeps', () => {
  const before = { quarantined: false, reason: 'x', since: '2026-10-01T00:00:00.000Z' };

  it('keeps the since of a test that stays out, whether by breakage or for lack of evidence', () => {
    expect(decideQuarantine(historyOf('t', 'P F F F'), before, null, NOW)).toMatchObject({ quarantined: false, since: before.since });
    expect(decideQuarantine(historyOf('t', 'P P'), before, null, NOW)).toMatchObject({ quarantined: false, since: before.since });
    expect(decideQuarantine(historyOf('t', 'P P'), undefined, null, NOW).since).toBe(NOW);
  });

  it('starts a new since when a hand override turns the state over', () => {
    const wasIn = { quarantined: true, reason: 'x', since: '2026-10-01T00:00:00.000Z' };
    expect(decideQuarantine(historyOf('t', 'FP'), wasIn, { action: 'never' }, NOW).since).toBe(NOW);
    expect(decideQuarantine(historyOf('t', 'FP'), wasIn, { action: 'quarantine' }, NOW).since).toBe(wasIn.since);
    expect(decideQuarantine(historyOf('t', 'P'), before, { action: 'quarantine' }, NOW).since).toBe(NOW);
  });
});

describe('the clean streak before the window', () => {
  it('reaches back to the first run', () => {
    const clean = Array.from({ length: 30 }, () => 'P').join(' ');
    expect(gatherEvidence(historyOf('t', clean), 10).cleanStreak).toBe(30);
  });

  it('steps over skipped runs', () => {
    expect(gatherEvidence(historyOf('t', 'P S P P P'), 2).cleanStreak).toBe(4);
    expect(gatherEvidence(historyOf('t', 'F P S P P P'), 2).cleanStreak).toBe(4);
  });

  it('the default forgives known failures only', () => {
    expect(DEFAULT_POLICY.forgive).toBe('known-failures');
  });
});

describe('the evidence in words', () => {
  const e = { runs: 9, sameCommitFlips: 0, trustedFailures: 0, failureEpisodes: 0, trailingBreakage: 0, cleanStreak: 0, recent: '' };
  it('counts in the plural', () => {
    expect(describeEvidence({ ...e, sameCommitFlips: 2, failureEpisodes: 2, trustedFailures: 3 })).toBe(
      'failed and passed on the same commit 2 times in 9 runs; 2 separate failure episodes (3 counted failures)',
    );
    expect(describeEvidence({ ...e, failureEpisodes: 1, trustedFailures: 1 })).toBe('1 separate failure episode (1 counted failure)');
    expect(describeEvidence(e)).toBe('no counted failure in 9 runs');
  });

  it('leaves evidenceAfter out of a decision that has none', () => {
    expect('evidenceAfter' in decideQuarantine(historyOf('t', 'P F F F'), undefined, null, NOW)).toBe(false);
  });
});
