import { describe, expect, it } from 'vitest';
import { DECISIONS_FILE, parseDecisions, renderDecisions, type DecisionLog } from '../../src/store/decisions.ts';
import { SCHEMA_VERSION } from '../../src/store/layout.ts';

const HOSTILE = '"><img src=x onerror=alert(1)>::\u2028it\n"quotes"';

function log(): DecisionLog {
  return {
    schema: SCHEMA_VERSION,
    from: 3,
    tests: new Map([
      ['b.Test::two', { events: [{ run: 4, at: '2026-11-01T04:00:00.000Z', event: 'quarantined', quarantined: true, by: 'rule', reason: 'failed and passed on the same commit once in 4 runs' }] }],
      [HOSTILE, { issue: 12, events: [{ run: 5, at: '2026-11-01T05:00:00.000Z', event: 'override', quarantined: true, by: 'hand', reason: 'quarantined by hand: <b>JIRA-1</b>' }] }],
    ]),
    unreadable: new Map(),
  };
}

describe('decisions.json', () => {
  it('renders one line per test, sorted by id, and reads back what it wrote', () => {
    const text = renderDecisions(log());
    const lines = text.split('\n');
    expect(lines[0]).toBe(`{"schema": ${SCHEMA_VERSION}, "from": 3, "tests": {`);
    expect(lines).toHaveLength(5); // head, two tests, close, final newline
    expect(lines[1]!.startsWith(JSON.stringify(HOSTILE))).toBe(true); // '"' sorts before 'b'
    expect(lines[2]).toBe(
      '"b.Test::two": {"events":[{"run":4,"at":"2026-11-01T04:00:00.000Z","event":"quarantined","quarantined":true,"by":"rule","reason":"failed and passed on the same commit once in 4 runs"}]}',
    );
    const { log: read, problems } = parseDecisions(text);
    expect(problems).toEqual([]);
    expect(read!.from).toBe(3);
    expect(read!.tests).toEqual(log().tests);
    expect(renderDecisions(read!)).toBe(text);
  });

  it('renders an empty log as valid JSON', () => {
    const text = renderDecisions({ schema: SCHEMA_VERSION, from: 1, tests: new Map(), unreadable: new Map() });
    expect(JSON.parse(text)).toEqual({ schema: SCHEMA_VERSION, from: 1, tests: {} });
  });

  it.each([
    ['not JSON', '{"schema": 2, "from": 1, "tests": {\n"a": {"events": [}\n}}\n', /not valid JSON/, 2],
    ['no tests object', '{"schema": 2, "from": 1}\n', /"tests" object/, 1],
    ['a newer schema', `{"schema": ${SCHEMA_VERSION + 1}, "from": 1, "tests": {}}\n`, /newer flakeguard/, 1],
    ['no run number in "from"', '{"schema": 2, "from": "x", "tests": {}}\n', /"from" must be a run number/, 1],
  ])('cannot be read as a whole when %s: no log, a problem naming the file and line', (_what, text, message, line) => {
    const { log: read, problems } = parseDecisions(text);
    expect(read).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: DECISIONS_FILE, line });
    expect(problems[0]!.message).toMatch(message);
  });

  it('keeps an entry that is not in the documented form as written, and names its line', () => {
    const text = renderDecisions(log()).replace('"event":"quarantined"', '"event":"whatever"');
    const { log: read, problems } = parseDecisions(text);
    expect(read!.tests.has('b.Test::two')).toBe(false);
    expect(read!.unreadable.get('b.Test::two')).toMatchObject({ events: [{ event: 'whatever' }] });
    expect(problems).toEqual([expect.objectContaining({ file: DECISIONS_FILE, line: 3 })]);
    // Written back as read: nothing a person wrote is lost.
    expect(JSON.parse(renderDecisions(read!))).toEqual(JSON.parse(text));
  });

  it.each([
    ['an issue that is not a number', { issue: '12', events: [] }],
    ['events that are not a list', { events: {} }],
    ['an event without a run', { events: [{ at: 'x', event: 'released', quarantined: false, by: 'rule', reason: '' }] }],
    ['an unknown decider', { events: [{ run: 1, at: 'x', event: 'released', quarantined: false, by: 'bot', reason: '' }] }],
  ])('reads %s as an entry not in the documented form', (_what, entry) => {
    const { log: read, problems } = parseDecisions(JSON.stringify({ schema: 2, from: 1, tests: { t: entry } }));
    expect(read!.tests.size).toBe(0);
    expect(read!.unreadable.get('t')).toEqual(entry);
    expect(problems).toHaveLength(1);
  });
});
