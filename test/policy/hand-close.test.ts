import { describe, expect, it } from 'vitest';
import { decideAfterHandClose } from '../../src/policy/hand-close.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { historyOf } from '../support/builders.ts';

const NOW = '2026-12-01T00:00:00.000Z';
/** historyOf's runs are an hour apart from 2026-11-01; the issue is closed between run 3 and run 4. */
const CLOSED = { issue: 12, since: Date.UTC(2026, 10, 1) + 3 * 3_600_000 + 1 };
const quarantined = { quarantined: true, reason: 'failed and passed', since: '2026-10-01T00:00:00.000Z' };

describe('a quarantine lifted by closing its issue', () => {
  it('releases the test and judges it on the runs after the close only', () => {
    // Flaky before the close, clean after: released, and the old flakes no longer count.
    const d = decideAfterHandClose(historyOf('t', 'FP FP FP FP P P'), quarantined, CLOSED, NOW, DEFAULT_POLICY);
    expect(d.quarantined).toBe(false);
    expect(d.reason).toBe('issue #12 was closed as completed on 2026-11-01, which lifts the quarantine; since then: no counted failure in 2 runs');
    // Not quarantined since the close: its since is the close's time.
    expect(d.since).toBe(new Date(CLOSED.since).toISOString());
    expect(d.evidence.runs).toBe(2);
  });

  it('quarantines it again on new evidence after the close, and says so', () => {
    const d = decideAfterHandClose(historyOf('t', 'FP FP FP FP P FP'), quarantined, CLOSED, NOW, DEFAULT_POLICY);
    expect(d.quarantined).toBe(true);
    expect(d.since).toBe(NOW);
    expect(d.reason).toBe(
      'failed and passed on the same commit once in 2 runs; 1 separate failure episode (1 counted failure); stays quarantined until it passes at the first attempt 60 runs in a row (now 0) (runs after issue #12 was closed as completed on 2026-11-01)',
    );
  });

  it('keeps the state of a test that was not quarantined', () => {
    const previous = { quarantined: false, reason: 'x', since: '2026-10-02T00:00:00.000Z' };
    const d = decideAfterHandClose(historyOf('t', 'FP FP FP FP P P'), previous, CLOSED, NOW, DEFAULT_POLICY);
    expect(d).toMatchObject({ quarantined: false, since: previous.since });
    expect(decideAfterHandClose(historyOf('t', 'P P P P P'), undefined, CLOSED, NOW, DEFAULT_POLICY).since).toBe(NOW);
  });

  it('counts a run at the very time of the close as before it', () => {
    const at = { issue: 3, since: Date.UTC(2026, 10, 1) + 4 * 3_600_000 };
    expect(decideAfterHandClose(historyOf('t', 'P P P P FP P'), quarantined, at, NOW, DEFAULT_POLICY).evidence.runs).toBe(1);
  });
});
