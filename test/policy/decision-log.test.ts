import { describe, expect, it } from 'vitest';
import { decisionChange, writtenState, NOT_QUARANTINED, type DecisionState } from '../../src/policy/decision-log.ts';

const Q: DecisionState = { quarantined: true, hand: false };
const HAND_Q: DecisionState = { quarantined: true, hand: true };
const HAND_NEVER: DecisionState = { quarantined: false, hand: true };
const rule = (quarantined: boolean, reason = 'why') => ({ quarantined, reason });
const hand = (quarantined: boolean, reason = 'by hand') => ({
  quarantined,
  reason,
  override: { action: quarantined ? ('quarantine' as const) : ('never' as const) },
  auto: { quarantined: false, reason: '' },
});

describe('decisionChange', () => {
  it('records nothing when the decision did not change', () => {
    expect(decisionChange(NOT_QUARANTINED, rule(false))).toBeUndefined();
    expect(decisionChange(Q, rule(true))).toBeUndefined();
    expect(decisionChange(HAND_Q, hand(true))).toBeUndefined();
    expect(decisionChange(HAND_NEVER, hand(false))).toBeUndefined();
  });

  it('records the rule entering and releasing, with its reason', () => {
    expect(decisionChange(NOT_QUARANTINED, rule(true, 'failed and passed'))).toEqual({ event: 'quarantined', quarantined: true, by: 'rule', reason: 'failed and passed' });
    expect(decisionChange(Q, rule(false, 'released: passed'))).toEqual({ event: 'released', quarantined: false, by: 'rule', reason: 'released: passed' });
  });

  it('records an override set, changed, lapsed and cleared', () => {
    expect(decisionChange(NOT_QUARANTINED, hand(true))).toMatchObject({ event: 'override', quarantined: true, by: 'hand' });
    // An override on an already quarantined test changes who decides: recorded.
    expect(decisionChange(Q, hand(true))).toMatchObject({ event: 'override', quarantined: true, by: 'hand' });
    expect(decisionChange(Q, hand(false))).toMatchObject({ event: 'override', quarantined: false, by: 'hand' });
    expect(decisionChange(HAND_Q, hand(false))).toMatchObject({ event: 'override', quarantined: false, by: 'hand' });
    expect(decisionChange(HAND_Q, rule(false), { lapsed: true })).toMatchObject({ event: 'override lapsed', quarantined: false, by: 'rule' });
    expect(decisionChange(HAND_Q, rule(true))).toMatchObject({ event: 'override cleared', quarantined: true, by: 'rule' });
    expect(decisionChange(HAND_NEVER, rule(false))).toMatchObject({ event: 'override cleared', quarantined: false, by: 'rule' });
  });

  it("records an honoured hand edit, with the edit's own words for a release", () => {
    expect(decisionChange(NOT_QUARANTINED, hand(true, 'quarantined by hand: "quarantined": true set by hand'), { edit: { effect: 'quarantine', message: 'm' } })).toEqual({
      event: 'hand edit',
      quarantined: true,
      by: 'hand',
      reason: 'quarantined by hand: "quarantined": true set by hand',
    });
    expect(decisionChange(Q, rule(false), { edit: { effect: 'release', message: 'released now' } })).toEqual({ event: 'hand edit', quarantined: false, by: 'hand', reason: 'released now' });
  });

  it('records a release by an issue closed by hand, and asks for the issue only then', () => {
    let asked = 0;
    const issueClosed = () => (asked++, 7);
    expect(decisionChange(Q, rule(false, 'issue #7 was closed'), { issueClosed })).toEqual({ event: 'issue closed', quarantined: false, by: 'hand', reason: 'issue #7 was closed' });
    expect(decisionChange(Q, rule(true), { issueClosed })).toBeUndefined();
    expect(decisionChange(NOT_QUARANTINED, rule(false), { issueClosed })).toBeUndefined();
    expect(asked).toBe(1);
    expect(decisionChange(Q, rule(false), { issueClosed: () => undefined })).toMatchObject({ event: 'released' });
  });
});

describe('writtenState', () => {
  it('reads the state and whether a hand override decided (auto written beside it)', () => {
    expect(writtenState(undefined)).toEqual(NOT_QUARANTINED);
    expect(writtenState({ quarantined: true, reason: '' })).toEqual(Q);
    expect(writtenState({ quarantined: true, reason: '', auto: { quarantined: false } })).toEqual(HAND_Q);
    expect(writtenState({ quarantined: false, reason: '', auto: { quarantined: true } })).toEqual(HAND_NEVER);
  });
});

describe('who decided', () => {
  it('reads a hand decision from an override or from auto, each alone', () => {
    expect(decisionChange(NOT_QUARANTINED, { quarantined: true, reason: 'r', override: { action: 'quarantine' } })).toMatchObject({ event: 'override', by: 'hand' });
    expect(decisionChange(NOT_QUARANTINED, { quarantined: true, reason: 'r', auto: { quarantined: false, reason: '' } })).toMatchObject({ event: 'override', by: 'hand' });
  });

  it('reads auto written as null as no hand decision', () => {
    expect(writtenState({ quarantined: true, reason: '', auto: null })).toEqual(Q);
  });
});
