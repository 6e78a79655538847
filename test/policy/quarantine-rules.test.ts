import { describe, expect, it } from 'vitest';
import { applyQuarantineRules, capOf, rulesActive, withRuleBlocks, type QuarantineRules, type RulesInput } from '../../src/policy/quarantine-rules.ts';
import type { Decision, Evidence } from '../../src/policy/quarantine.ts';
import type { QuarantineState, ParsedTestCase } from '../../src/model.ts';
import type { Outcome } from '../../src/policy/outcome.ts';
import { parseFileConfig } from '../../src/config/file-parse.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29);
const ago = (days: number): string => new Date(NOW - days * DAY).toISOString();
const EVIDENCE: Evidence = { runs: 10, sameCommitFlips: 1, trustedFailures: 1, failureEpisodes: 1, trailingBreakage: 0, cleanStreak: 0, recent: 'PF' };
const q = (since: string, extra: Partial<Decision> = {}): Decision => ({ quarantined: true, reason: 'flaky; stays quarantined', since, evidence: EVIDENCE, ...extra });
const out = (extra: Partial<Decision> = {}): Decision => ({ quarantined: false, reason: 'no counted failure', since: ago(1), evidence: EVIDENCE, ...extra });

function run(
  rules: QuarantineRules,
  decisions: Record<string, Decision>,
  o: Partial<Omit<RulesInput, 'rules' | 'decisions'>> & { owners?: Record<string, string[]>; prev?: Record<string, QuarantineState> } = {},
) {
  return applyQuarantineRules({
    rules,
    decisions: new Map(Object.entries(decisions)),
    previous: (id) => o.prev?.[id],
    before: o.before ?? new Set(),
    ownersOf: (id) => o.owners?.[id] ?? [],
    now: NOW,
    releaseAfterCleanRuns: 60,
  });
}

describe('rulesActive', () => {
  it('is off without a rule, so decisions stay the rule’s', () => {
    expect(rulesActive(undefined)).toBe(false);
    expect(rulesActive({})).toBe(false);
    expect(rulesActive({ onExpiry: 'block' })).toBe(false);
    expect(rulesActive({ caps: {} })).toBe(false);
    expect(rulesActive({ maxPerOwner: 0 })).toBe(true);
  });
});

describe('the cap per owner', () => {
  const owners = { a: ['@org/pay'], b: ['@org/pay'], c: ['@org/pay'], d: ['@org/web'] };
  it('admits the standing quarantines first, then new ones in id order, and refuses the rest with the reason', () => {
    const r = run({ caps: { '@ORG/Pay': 2 } }, { c: q(ago(0)), b: q(ago(0)), a: q(ago(3)), d: q(ago(0)) }, { owners, before: new Set(['a']) });
    expect([...r.changed.keys()]).toEqual(['c']);
    expect(r.changed.get('c')).toMatchObject({ quarantined: false });
    expect(r.changed.get('c')!.reason).toBe('new quarantine refused: @org/pay has 2 quarantined tests, its cap is 2 (policy.quarantine): its failures block until one of its quarantines ends');
    expect(r.effects.get('c')).toMatchObject({ kind: 'cap', blocks: true, newly: true });
  });
  it('counts a hand quarantine but never refuses it; max-per-owner covers owners without a cap of their own', () => {
    const r = run({ maxPerOwner: 1, caps: { '@org/web': 5 } }, { a: q(ago(0), { override: { action: 'quarantine' } }), b: q(ago(0)), d: q(ago(0)) }, { owners });
    expect([...r.changed.keys()]).toEqual(['b']);
    expect(capOf({ maxPerOwner: 1, caps: { '@org/web': 5 } }, '@ORG/WEB')).toBe(5);
  });
  it('is told once: a refusal already written is not new', () => {
    const prev = { b: { quarantined: false, reason: 'new quarantine refused: @org/pay has 1 quarantined test' } };
    const r = run({ maxPerOwner: 1 }, { a: q(ago(2)), b: q(ago(0)) }, { owners, before: new Set(['a']), prev });
    expect(r.effects.get('b')!.newly).toBe(false);
  });
  it('takes hostile owner names as text, including __proto__', () => {
    const caps = parseFileConfig('policy:\n  quarantine:\n    caps: {"__proto__": 0, "@x/<b>|`y`": 1}\n', 'c.yml').policy.quarantine!.caps!;
    expect(Object.keys(caps)).toEqual(['__proto__', '@x/<b>|`y`']);
    const r = run({ caps }, { a: q(ago(0)) }, { owners: { a: ['__proto__'] } });
    expect(r.changed.get('a')!.reason).toContain('__proto__ has 0 quarantined tests, its cap is 0');
  });
});

describe('owner required after N days', () => {
  it('releases an ownerless quarantine past N days and holds it out until CODEOWNERS names an owner', () => {
    const r = run({ ownerRequiredAfterDays: 14 }, { a: q(ago(15), { cells: ['linux'] }), b: q(ago(13)), c: q(ago(20)) }, { owners: { c: ['@org/pay'] } });
    expect([...r.changed.keys()]).toEqual(['a']);
    expect(r.changed.get('a')).toMatchObject({ quarantined: false, evidenceAfter: NOW });
    expect(r.changed.get('a')!.cells).toBeUndefined();
    expect(r.changed.get('a')!.reason).toMatch(/^released: no CODEOWNERS owner after 14 days \(quarantined since 2026-11-14;/);
    const prev = { a: { quarantined: false, reason: r.changed.get('a')!.reason, since: ago(0), evidenceAfter: NOW } };
    const held = run({ ownerRequiredAfterDays: 14 }, { a: q(ago(0)) }, { prev });
    expect(held.changed.get('a')).toMatchObject({ quarantined: false, evidenceAfter: NOW });
    expect(held.effects.get('a')).toMatchObject({ kind: 'owner-required', blocks: true, newly: false });
    expect(run({ ownerRequiredAfterDays: 14 }, { a: q(ago(0)) }, { prev, owners: { a: ['@org/pay'] } }).changed.size).toBe(0);
  });
});

describe('expiry', () => {
  it('warns once and keeps the quarantine (on-expiry: warn)', () => {
    const r = run({ expireAfterDays: 30 }, { a: q(ago(31)), b: q(ago(29)) });
    expect(r.changed.get('a')).toMatchObject({ quarantined: true });
    expect(r.changed.get('a')!.reason).toMatch(/^quarantine expired: quarantined since 2026-10-29, past 30 days .*; flaky; stays quarantined$/);
    expect(r.effects.get('a')).toMatchObject({ kind: 'expired', blocks: false, newly: true });
    const again = run({ expireAfterDays: 30 }, { a: q(ago(32)) }, { prev: { a: { quarantined: true, reason: r.changed.get('a')!.reason } } });
    expect(again.effects.get('a')!.newly).toBe(false);
  });
  it('releases and holds out until a clean streak (on-expiry: block)', () => {
    const r = run({ expireAfterDays: 30, onExpiry: 'block' }, { a: q(ago(31)) });
    expect(r.changed.get('a')).toMatchObject({ quarantined: false });
    expect(r.effects.get('a')).toMatchObject({ kind: 'expired', blocks: true, newly: true });
    const prev = { a: { quarantined: false, reason: r.changed.get('a')!.reason, since: ago(0) } };
    expect(run({ expireAfterDays: 30, onExpiry: 'block' }, { a: q(ago(0)) }, { prev }).changed.get('a')).toMatchObject({ quarantined: false });
    const clean = { ...EVIDENCE, cleanStreak: 60 };
    expect(run({ expireAfterDays: 30, onExpiry: 'block' }, { a: out({ evidence: clean }) }, { prev }).changed.size).toBe(0);
  });
});

describe('withRuleBlocks', () => {
  const t = (id: string, statuses: Array<'passed' | 'failed'>): ParsedTestCase => ({ id, name: id, classname: 'c', attempts: statuses.map((status) => ({ status })) }) as unknown as ParsedTestCase;
  const base: Outcome = { result: 'success', failed: [], forgiven: [], blocking: [], passedOnRetry: [], unforgiven: new Map(), reasons: [] };
  it('blocks a failure the rules refused or ended, even one that passed on a retry; leaves the outcome as it was otherwise', () => {
    const retried = t('b', ['failed', 'passed']);
    const effects = new Map([['b', { kind: 'cap' as const, reason: 'new quarantine refused: x', blocks: true, newly: true, owners: [] }]]);
    const o = withRuleBlocks({ ...base, passedOnRetry: [retried] }, effects);
    expect(o.result).toBe('failure');
    expect(o.blocking).toEqual([retried]);
    expect(o.passedOnRetry).toEqual([]);
    expect(o.reasons).toEqual(["'b' new quarantine refused: x."]);
    const same = { ...base, passedOnRetry: [t('c', ['failed', 'passed'])] };
    expect(withRuleBlocks(same, effects)).toBe(same);
  });
});
