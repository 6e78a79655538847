/**
 * The command line's pure cores: the nearest known word (src/cli/suggest.ts), the command line read per command
 * (src/cli/commands.ts), and the choice and display of the tests a hand edit changes (src/cli/override.ts). The
 * end-to-end tests (test/e2e/cli-usage.test.ts, test/e2e/cli.test.ts) run them through the bundle.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistance, nearest } from '../../src/cli/suggest.ts';
import { COMMANDS, OPTIONS, commandHelp, parseCommandLine } from '../../src/cli/commands.ts';
import { CliError, MAX_MATCHED, planOverrides, selectTests, shownId, unchanged } from '../../src/cli/override.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';

describe('edit distance and the nearest word', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('dryrun', 'dry-run')).toBe(1);
    expect(editDistance('qurantine', 'quarantine')).toBe(1);
    expect(editDistance('exlpain', 'explain')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('is symmetric, and bounded by the longer length; a limit never makes it smaller than the truth', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 5 }), (a, b, limit) => {
        const d = editDistance(a, b);
        expect(editDistance(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(editDistance(a, b, limit)).toBe(d <= limit ? d : limit + 1);
      }),
    );
  });

  it('suggests only a near word: at most 2 edits, fewer than half the word', () => {
    expect(nearest('remot', ['remote', 'runs'])).toBe('remote');
    expect(nearest('data-brnach', ['remote', 'data-branch'])).toBe('data-branch');
    expect(nearest('x', ['y', 'explain'])).toBeUndefined();
    expect(nearest('frobnicate', ['explain', 'quarantine'])).toBeUndefined();
    expect(nearest('RELAESE', ['release'])).toBe('release');
  });
});

describe('the command line', () => {
  it('gives each command only its own options, and every option belongs to a command', () => {
    const owned = new Set(Object.values(COMMANDS).flatMap((c) => [...c.options]));
    expect([...owned].sort()).toEqual(
      Object.keys(OPTIONS)
        .filter((o) => o !== 'help' && o !== 'version')
        .sort(),
    );
    for (const name of Object.keys(COMMANDS) as Array<keyof typeof COMMANDS>) {
      const help = commandHelp(name);
      for (const option of COMMANDS[name].options) expect(help, `${name} --${option}`).toContain(`--${option}`);
    }
  });

  it('reads options before the command, repeated options and `--`', () => {
    const line = parseCommandLine(['--remote', '/r', 'quarantine', '--cells', 'a=1', '--cells', 'b=2', '-y', '--', '--odd id'], '1.2.3');
    expect(line).toEqual({ kind: 'command', command: 'quarantine', positionals: ['--odd id'], values: { remote: '/r', cells: ['a=1', 'b=2'], yes: true } });
  });

  it('answers help, version and mistakes without running anything', () => {
    expect(parseCommandLine(['-V'], '1.2.3')).toEqual({ kind: 'version' });
    expect(parseCommandLine(['explain', '--version'], '1.2.3')).toEqual({ kind: 'version' });
    expect(parseCommandLine(['help', 'org'], '1.2.3')).toEqual({ kind: 'help', text: commandHelp('org'), code: 0 });
    expect(parseCommandLine(['version', '--help'], '1.2.3')).toMatchObject({ kind: 'help', code: 0 });
    expect(parseCommandLine([], '1.2.3')).toMatchObject({ kind: 'help', code: 2 });
    expect(parseCommandLine(['--remote', 'x'], '1.2.3')).toMatchObject({ kind: 'usage-error', text: expect.stringContaining('no command given') });
    // A hostile word is shown, never sent to the terminal.
    const hostile = parseCommandLine(['ex\u001b[2Jplain'], '1.2.3');
    expect(hostile).toMatchObject({ kind: 'usage-error' });
    expect((hostile as { text: string }).text).toContain("unknown command 'ex\\u{1b}[2Jplain'");
  });
});

describe('the tests a hand edit changes', () => {
  const files = new Map([
    ['flakeguard.json', '{"schema": 2, "shards": 1, "writes": 1, "ingested": {}}'],
    [
      'stats/00.json',
      '{"schema": 2, "tests": {\n"a::one": {"override":null,"quarantined":false,"reason":"r"},\n"a::two": {"override":"never","quarantined":false,"reason":"r"},\n"b::x\\u001b[31m\\ny": {"override":null,"quarantined":false,"reason":"r"}\n}}\n',
    ],
  ]);
  const snapshot = parseSnapshot(files);

  it('takes an exact id, and refuses a part of one, naming the ids that contain it', () => {
    expect(selectTests(snapshot, { id: 'a::one' })).toEqual(['a::one']);
    expect(() => selectTests(snapshot, { id: 'a::' })).toThrow(
      new CliError("No test has the exact id 'a::'; 2 ids contain it (give one full id, or --match 'a::' for all of them):\n  a::one\n  a::two"),
    );
    expect(() => selectTests(snapshot, { id: 'a::onr' })).toThrow("Did you mean 'a::one'?");
    expect(() => selectTests(snapshot, { id: 'zzz' })).toThrow(/^No test has the exact id 'zzz' on the data branch \(3 tests there\)\.$/);
  });

  it('--match takes every id containing the text, case-insensitively', () => {
    expect(selectTests(snapshot, { match: 'A::' })).toEqual(['a::one', 'a::two']);
    expect(() => selectTests(snapshot, { match: 'nope' })).toThrow("--match 'nope': no test id on the data branch contains it");
    const many = new Map([
      ['flakeguard.json', '{"schema": 2, "shards": 1, "writes": 1, "ingested": {}}'],
      ['stats/00.json', `{"schema": 2, "tests": {\n${Array.from({ length: MAX_MATCHED + 1 }, (_, i) => `"m::t${i}": {"override":null,"quarantined":false,"reason":"r"}`).join(',\n')}\n}}\n`],
    ]);
    expect(selectTests(parseSnapshot(many), { match: 'm::t1' })).toHaveLength(12);
    expect(() => selectTests(parseSnapshot(many), { match: 'm::' })).toThrow(`--match 'm::' names ${MAX_MATCHED + 1} tests, more than the ${MAX_MATCHED} one hand edit changes: narrow it.`);
  });

  it('plans each edit on the files the previous one left, and tells an unchanged one', () => {
    const plan = planOverrides(files, snapshot, ['a::one', 'a::two'], 'never');
    expect(plan.map((e) => [e.id, e.path, e.line, unchanged(e)])).toEqual([
      ['a::one', 'stats/00.json', 2, false],
      ['a::two', 'stats/00.json', 3, true],
    ]);
    expect(plan[1]!.files.get('stats/00.json')).toContain('"a::one": {"override":"never",');
  });

  it('shows an id with its control and invisible characters escaped', () => {
    expect(shownId('b::x\u001b[31m\ny\r\t\u0007\u202ez\u200b')).toBe('b::x\\x1b[31m\\ny\\r\\t\\x07\\u{202e}z\\u{200b}');
    expect(() => selectTests(snapshot, { id: 'b::' })).toThrow('  b::x\\x1b[31m\\ny');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (id) => {
        expect(shownId(id)).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
      }),
    );
  });
});
