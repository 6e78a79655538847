import { describe, expect, it } from 'vitest';
import { checkOf, editedFields, interpretEdits, overrideForEdit, ruleState, type EditContext } from '../../src/policy/hand-edits.ts';

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

describe('the fingerprint a stats line carries', () => {
  it('is FNV-1a (32-bit, low 16 bits in hex) of each checked field’s JSON text, an absent field as null', () => {
    // Worked out apart from the code: FNV-1a of "null" is …4ba4, of "true" …11e5, of "0.5" …b4d2, of "\"PFP\"" …ee19.
    expect(checkOf({})).toBe(`1:${'4ba4'.repeat(14)}`);
    const line = { quarantined: true, successRate: 0.5, recent: 'PFP' };
    expect(checkOf(line)).toBe(`1:11e5b4d24ba44ba44ba4ee19${'4ba4'.repeat(8)}`);
    expect(checkOf({ ...line, unchecked: 'x' })).toBe(checkOf(line));
  });

  it('needs the version prefix and one chunk per checked field', () => {
    const line = written();
    const check = line.check as string;
    expect(editedFields({ ...line, check: `2${check.slice(1)}` })).toBeUndefined();
    expect(editedFields({ ...line, check: check.slice(0, -1) })).toBeUndefined();
    expect(editedFields({ ...line, check: `${check}0` })).toBeUndefined();
    expect(editedFields({ ...line, check: 7 })).toBeUndefined();
    // A field written as null and one absent are the same to the check.
    const withNull = { ...line, score: null };
    expect(editedFields(withNull)).toEqual([]);
    // Each field is compared with its own chunk: editing the last checked field is seen as that field.
    expect(editedFields({ ...line, thresholded: 0.3 })).toEqual(['thresholded']);
    expect(editedFields({ ...line, override: 'quarantine' })).toEqual([]);
  });
});

describe('what an edit means, in words', () => {
  const where = "'t' in stats/00.json";

  it('says what each honoured edit did', () => {
    expect(interpretEdits('t', { ...written(), quarantined: true }, ['quarantined'], ctx())).toEqual([
      {
        id: 't',
        field: 'quarantined',
        written: true,
        effect: 'quarantine',
        message: `"quarantined": true of ${where} was set by hand: recorded as "override": "quarantine" with its reason (set "override" to null to undo).`,
      },
    ]);
    expect(interpretEdits('t', { ...written(), quarantined: false }, ['quarantined'], ctx({ quarantined: true }))[0]!.message).toBe(
      `"quarantined": false of ${where} was set by hand: released now, and judged on later runs only (to keep it out for good, write "override": "never").`,
    );
    expect(interpretEdits('t', { ...written(), successRate: 0.1 }, ['successRate'], ctx())[0]).toEqual({
      id: 't',
      field: 'successRate',
      written: 0.1,
      effect: 'quarantine',
      message: `"successRate": 0.1 of ${where} was lowered by hand below 0.95: quarantined (policy.success-rate.enter-below, docs/rules.md), recorded as "override": "quarantine" with its reason (set "override" to null to undo).`,
    });
    expect(interpretEdits('t', { ...written(), successRate: 0.97 }, ['successRate'], ctx({ quarantined: true }))[0]).toEqual({
      id: 't',
      field: 'successRate',
      written: 0.97,
      effect: 'release',
      message: `"successRate": 0.97 of ${where} was raised by hand: released now, and judged on later runs only (to keep it out for good, write "override": "never").`,
    });
  });

  it('says what a kept edit changes and which edit does what was meant, the value cut at 60 characters', () => {
    const reason = 'x'.repeat(100);
    const [kept] = interpretEdits('t', { ...written(), reason }, ['reason'], ctx());
    expect(kept).toEqual({
      id: 't',
      field: 'reason',
      written: reason,
      effect: 'kept',
      message: `"reason": "${'x'.repeat(59)} of ${where} is computed by flakeguard and changes nothing; it is left as you wrote it until you delete it. To quarantine the test, write "override": "quarantine"; to keep it out of quarantine, "override": "never"; to let flakeguard decide, delete "reason".`,
    });
    const [gone] = interpretEdits('t', { ...written(), tier: undefined }, ['tier'], ctx());
    expect(gone!.message).toMatch(/^"tier": null of /);
    const [under] = interpretEdits('t', { ...written(), quarantined: false }, ['quarantined'], ctx({ override: { action: 'quarantine' }, quarantined: true }));
    expect(under!.message).toBe(
      `"quarantined": false of ${where} is computed by flakeguard and changes nothing; it is left as you wrote it until you delete it. The override "quarantine" decides this test; to change that, edit "override" (null lets flakeguard decide).`,
    );
  });

  it('reads the success-rate threshold as: below enters, at or above releases', () => {
    expect(interpretEdits('t', { ...written(), successRate: 0.95 }, ['successRate'], ctx())[0]!.effect).toBe('kept');
    expect(interpretEdits('t', { ...written(), successRate: 0.95 }, ['successRate'], ctx({ quarantined: true }))[0]!.effect).toBe('release');
    expect(interpretEdits('t', { ...written(), successRate: 0.94 }, ['successRate'], ctx({ quarantined: true }))[0]!.effect).toBe('kept');
    expect(interpretEdits('t', { ...written(), successRate: 0.1 }, ['successRate'], ctx({ quarantined: true }))[0]!.effect).toBe('kept');
    expect(interpretEdits('t', { ...written(), successRate: Number.NEGATIVE_INFINITY }, ['successRate'], ctx())[0]!.effect).toBe('kept');
    expect(interpretEdits('t', { ...written(), successRate: Number.NaN }, ['successRate'], ctx())[0]!.effect).toBe('kept');
    // "quarantined" written as something other than a boolean acts on nothing.
    expect(interpretEdits('t', { ...written(), quarantined: 'yes' }, ['quarantined'], ctx())[0]!.effect).toBe('kept');
    expect(interpretEdits('t', { ...written(), quarantined: true }, ['quarantined'], ctx({ quarantined: true }))).toEqual([]);
  });

  it('acts on the first of two edits that would act, and keeps the second', () => {
    const release = interpretEdits('t', { ...written(), quarantined: false, successRate: 1 }, ['quarantined', 'successRate'], ctx({ quarantined: true }));
    expect(release.map((e) => e.effect)).toEqual(['release', 'kept']);
    const byRate = interpretEdits('t', { ...written(), successRate: 0.1, quarantined: true }, ['successRate', 'quarantined'], ctx());
    expect(byRate.map((e) => e.effect)).toEqual(['quarantine', 'kept']);
    const raised = interpretEdits('t', { ...written(), successRate: 1, quarantined: false }, ['successRate', 'quarantined'], ctx({ quarantined: true }));
    expect(raised.map((e) => e.effect)).toEqual(['release', 'kept']);
    const twice = interpretEdits('t', { ...written(), successRate: 0.1, tier: 'x' }, ['successRate', 'tier'], ctx());
    expect(twice.map((e) => e.effect)).toEqual(['quarantine', 'kept']);
  });

  it('records the override of an honoured edit with what was written and the date', () => {
    const [edit] = interpretEdits('t', { ...written(), successRate: 0.1 }, ['successRate'], ctx());
    expect(overrideForEdit(edit!, '2026-11-23')).toEqual({ action: 'quarantine', reason: '"successRate": 0.1 set by hand (2026-11-23)' });
  });
});

describe("the rule's own state before a run, field by field", () => {
  it('takes since and evidenceAfter from auto only when they have their types', () => {
    expect(ruleState(undefined)).toBeUndefined();
    expect(ruleState({ quarantined: false, reason: 'quarantined by hand', auto: { quarantined: true, since: 's', evidenceAfter: 5 } })).toEqual({
      quarantined: true,
      reason: '',
      since: 's',
      evidenceAfter: 5,
    });
    expect(ruleState({ quarantined: false, reason: 'r', auto: { quarantined: true, since: 1, evidenceAfter: '5' } })).toEqual({ quarantined: true, reason: '' });
    // An auto without a boolean `quarantined` is not one.
    expect(ruleState({ quarantined: true, reason: 'r', since: 's', auto: { quarantined: 'yes' } })).toEqual({ quarantined: true, reason: 'r', since: 's' });
    expect(ruleState({ quarantined: true, reason: 'r', auto: null })).toEqual({ quarantined: true, reason: 'r' });
  });

  it('reads a hand decision written before auto existed as not quarantined, keeping its since', () => {
    expect(ruleState({ quarantined: false, reason: 'never quarantined, by hand: owned by infra', since: 's' })).toEqual({ quarantined: false, reason: '', since: 's' });
    expect(ruleState({ quarantined: true, reason: 'quarantined by hand' })).toEqual({ quarantined: false, reason: '' });
    // Only at the start of the reason.
    expect(ruleState({ quarantined: true, reason: 'not quarantined by hand' })).toEqual({ quarantined: true, reason: 'not quarantined by hand' });
  });

  it('keeps the stored state of a rule decision, evidenceAfter only as a number', () => {
    expect(ruleState({ quarantined: false, reason: 'released', since: 's', evidenceAfter: 9 })).toEqual({ quarantined: false, reason: 'released', since: 's', evidenceAfter: 9 });
    expect(ruleState({ quarantined: false, reason: 'released', since: '', evidenceAfter: '9' })).toEqual({ quarantined: false, reason: 'released' });
  });
});

describe('edits by field, not by value', () => {
  it('pads each chunk to four hex digits', () => {
    // FNV-1a of "210" ends in 0f54: the chunk keeps its leading zero.
    expect(checkOf({ runs: 210 })).toBe(`1:${'4ba4'.repeat(4)}0f54${'4ba4'.repeat(9)}`);
    const line: Record<string, unknown> = { ...written(), runs: 210 };
    line.check = checkOf(line);
    expect(editedFields(line)).toEqual([]);
  });

  it('acts on "quarantined" and "successRate" only, whatever another field holds', () => {
    const kept = (field: string, value: unknown, quarantined: boolean) => interpretEdits('t', { ...written(), [field]: value }, [field], ctx({ quarantined })).map((e) => e.effect);
    expect(kept('tier', false, false)).toEqual(['kept']);
    expect(kept('tier', true, false)).toEqual(['kept']);
    expect(kept('tier', false, true)).toEqual(['kept']);
    expect(kept('tier', 0.1, false)).toEqual(['kept']);
    expect(kept('quarantined', 'no', true)).toEqual(['kept']);
  });
});
