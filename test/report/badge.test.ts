/**
 * The badge file (src/report/badge.ts) is what Shields' endpoint badge accepts: every badge the rule can give
 * validates against the endpoint schema (test/report/shields-endpoint.schema.json, written from shields.io's
 * documented format), and the colour follows the rule the README states.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { BADGE_FILE, BADGE_LABEL, RISING_DAYS, SAVED_DAYS, badge, badgeCounts, badgeLevel, badgeText } from '../../src/report/badge.ts';
import { ownsPath } from '../../src/store/owned.ts';

const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'shields-endpoint.schema.json'), 'utf8')) as object;
// strictRequired off: the schema's `not`/`if` name properties declared at its top level, as JSON Schema allows.
const validate = new Ajv({ strict: true, strictRequired: false, allErrors: true }).compile(schema);
/** Shields' named colours (https://shields.io/badges: "color"), of which the rule uses four. */
const NAMED_COLORS = ['brightgreen', 'green', 'yellowgreen', 'yellow', 'orange', 'red', 'blue', 'lightgrey'];
const DAY = 86_400_000;

describe('the endpoint schema', () => {
  it('accepts the documented example and refuses what Shields refuses', () => {
    expect(validate({ schemaVersion: 1, label: 'hello', message: 'sweet world', color: 'orange' })).toBe(true);
    expect(validate({ schemaVersion: 1, label: '', message: 'no label' })).toBe(true);
    for (const bad of [
      { schemaVersion: 2, label: 'a', message: 'b' },
      { schemaVersion: 1, label: 'a' },
      { schemaVersion: 1, label: 'a', message: '' },
      { schemaVersion: 1, message: 'b' },
      { schemaVersion: 1, label: 'a', message: 'b', trend: 'rising' },
      { schemaVersion: 1, label: 'a', message: 'b', color: '' },
      { schemaVersion: 1, label: 'a', message: 'b', namedLogo: 'github', logoSvg: '<svg/>' },
      { schemaVersion: 1, label: 'a', message: 'b', logoColor: 'red' },
      { schemaVersion: 1, label: 'a', message: 'b', cacheSeconds: -1 },
      { schemaVersion: '1', label: 'a', message: 'b' },
    ]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('badge.json', () => {
  it('validates against the endpoint schema for every count and trend', () => {
    for (let quarantined = 0; quarantined <= 25; quarantined++) {
      for (let recent = 0; recent <= quarantined; recent++) {
        const json: unknown = JSON.parse(badgeText({ quarantined, recent }));
        expect(validate(json), `${quarantined}/${recent}: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(NAMED_COLORS).toContain((json as { color: string }).color);
        expect((json as { label: string }).label).toBe(BADGE_LABEL);
      }
    }
  });

  it('is at an owned path of the data branch, one line of JSON', () => {
    expect(BADGE_FILE).toBe('badge.json');
    expect(ownsPath(BADGE_FILE)).toBe(true);
    expect(badgeText({ quarantined: 3, recent: 0 })).toBe('{"schemaVersion":1,"label":"flaky tests","message":"3 quarantined","color":"orange"}\n');
  });

  it('colours by count, one step warmer when rising', () => {
    const rows = [
      [0, 0, 'brightgreen', 'none quarantined'],
      [1, 0, 'yellow', '1 quarantined'],
      [2, 0, 'yellow', '2 quarantined'],
      [2, 1, 'orange', '2 quarantined, 1 new in 7 days'],
      [3, 0, 'orange', '3 quarantined'],
      [9, 0, 'orange', '9 quarantined'],
      [9, 2, 'red', '9 quarantined, 2 new in 7 days'],
      [10, 0, 'red', '10 quarantined'],
      [40, 40, 'red', '40 quarantined, 40 new in 7 days'],
    ] as const;
    for (const [quarantined, recent, color, message] of rows) {
      expect(badge({ quarantined, recent }), `${quarantined}/${recent}`).toEqual({ schemaVersion: 1, label: 'flaky tests', message, color });
    }
    expect(badgeLevel({ quarantined: 0, recent: 0 })).toBe(0);
  });

  it('counts as rising a quarantine that began in the last 7 days before the run', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    const decisions = new Map([
      ['a', { since: new Date(now - 1 * DAY).toISOString() }],
      ['b', { since: new Date(now - RISING_DAYS * DAY).toISOString() }],
      ['c', { since: new Date(now - RISING_DAYS * DAY - 1).toISOString() }],
      ['d', {}],
      ['released', { since: new Date(now).toISOString() }],
    ]);
    expect(badgeCounts({ quarantined: ['a', 'b', 'c', 'd'], decisions }, now)).toEqual({ quarantined: 4, recent: 2 });
    expect(badgeCounts({ quarantined: [], decisions }, now)).toEqual({ quarantined: 0, recent: 0 });
  });

  it('adds the runs re-runs saved in the last 30 days, without changing the colour (ADR 0460)', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    const row = (time: number, jobSucceeded: boolean, passedOnRerun?: number) => ({
      seq: 1,
      sha: 's',
      time,
      onDefaultBranch: true,
      jobSucceeded,
      ...(passedOnRerun !== undefined ? { figures: { passedOnRerun } } : {}),
    });
    const runs = new Map([
      ['saved', row(now - DAY, true, 2)],
      ['edge', row(now - SAVED_DAYS * DAY, true, 1)],
      ['older', row(now - SAVED_DAYS * DAY - 1, true, 1)],
      ['red anyway', row(now, false, 1)],
      ['no re-run', row(now, true, 0)],
      ['before the figures', row(now, true)],
    ]);
    const counts = badgeCounts({ quarantined: ['a'], decisions: new Map(), runs }, now);
    expect(counts).toEqual({ quarantined: 1, recent: 0, savedRuns: 2 });
    expect(badge(counts)).toEqual({ schemaVersion: 1, label: BADGE_LABEL, message: '1 quarantined, 2 runs saved in 30 days', color: 'yellow' });
    expect(badge({ quarantined: 0, recent: 0, savedRuns: 1 }).message).toBe('none quarantined, 1 run saved in 30 days');
    expect(validate(badge(counts))).toBe(true);
  });
});
