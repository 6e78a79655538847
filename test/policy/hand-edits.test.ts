import { describe, expect, it } from 'vitest';
import { checkOf, editedFields, interpretEdits, ruleState, type EditContext } from '../../src/policy/hand-edits.ts';

const written = (): Record<string, unknown> => {
  const line: Record<string, unknown> = {
    override: null,
    quarantined: false,
    reason: 'no counted failure in 5 runs',
    since: '2026-11-01T00:00:00.000Z',
    runs: 5,
    recent: 'PPPPP',
    tier: 'Stable',
    pfs: [0.1, 0.01, 0.3],
    successRate: 1,
  };
  line.check = checkOf(line);
  return line;
};
const ctx = (extra: Partial<EditContext> = {}): EditContext => ({ override: null, quarantined: false, file: 'stats/00.json', successRateEnterBelow: 0.95, today: '2026-11-23', ...extra });

describe('which computed fields a person edited', () => {
  it('none on a line as written, each one edited, none without a check', () => {
    expect(editedFields(written())).toEqual([]);
    expect(editedFields({ ...written(), quarantined: true, tier: 'Flaky' })).toEqual(['quarantined', 'tier']);
    expect(editedFields({ ...written(), successRate: 0.1 })).toEqual(['successRate']);
    const { tier: _t, ...deleted } = written();
    expect(editedFields(deleted)).toEqual([]); // a deleted field is computed again
    const { check: _c, ...old } = written();
    expect(editedFields({ ...old, quarantined: true })).toBeUndefined();
    expect(editedFields({ ...written(), check: 'garbage' })).toBeUndefined();
  });
});

describe('what an edit means', () => {
  it('"quarantined": true becomes a hand quarantine; false on a quarantined test a release', () => {
    expect(interpretEdits('t', { ...written(), quarantined: true }, ['quarantined'], ctx())[0]!.effect).toBe('quarantine');
    expect(interpretEdits('t', { ...written(), quarantined: false }, ['quarantined'], ctx({ quarantined: true }))[0]!.effect).toBe('release');
    expect(interpretEdits('t', { ...written(), quarantined: false }, ['quarantined'], ctx())).toEqual([]);
  });

  it('successRate below the entry threshold quarantines (seed 003), above it releases a quarantined test, else is kept', () => {
    expect(interpretEdits('t', { ...written(), successRate: 0.1 }, ['successRate'], ctx())[0]!.effect).toBe('quarantine');
    expect(interpretEdits('t', { ...written(), successRate: 1 }, ['successRate'], ctx({ quarantined: true }))[0]!.effect).toBe('release');
    expect(interpretEdits('t', { ...written(), successRate: 0.99 }, ['successRate'], ctx())[0]!.effect).toBe('kept');
    expect(interpretEdits('t', { ...written(), successRate: 'low' }, ['successRate'], ctx())[0]!.effect).toBe('kept');
  });

  it('any other field, or anything under an override, is kept with the edit that does what was meant', () => {
    const [tier] = interpretEdits('t', { ...written(), tier: 'Chronic' }, ['tier'], ctx());
    expect(tier!.effect).toBe('kept');
    expect(tier!.message).toContain('To quarantine the test, write "override": "quarantine"; to keep it out of quarantine, "override": "never"; to let flakeguard decide, delete "tier".');
    const [q] = interpretEdits('t', { ...written(), quarantined: true }, ['quarantined'], ctx({ override: { action: 'never' } }));
    expect(q!.effect).toBe('kept');
    expect(q!.message).toContain('The override "never" decides this test');
  });

  it('acts on one edit at most', () => {
    const edits = interpretEdits('t', { ...written(), quarantined: true, successRate: 0.1 }, ['quarantined', 'successRate'], ctx());
    expect(edits.map((e) => e.effect)).toEqual(['quarantine', 'kept']);
  });
});

describe("the rule's own state before a run", () => {
  it('is the auto state beside a hand decision; a hand decision without it counts as not quarantined', () => {
    expect(ruleState({ quarantined: true, reason: 'quarantined by hand', auto: { quarantined: false, since: 's' } })).toEqual({ quarantined: false, reason: '', since: 's' });
    expect(ruleState({ quarantined: true, reason: 'quarantined by hand: JIRA-1', since: 's' })!.quarantined).toBe(false);
    expect(ruleState({ quarantined: true, reason: 'failed and passed on the same commit once', since: 's' })!.quarantined).toBe(true);
  });
});
