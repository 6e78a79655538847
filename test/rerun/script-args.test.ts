/** `rerun: auto` reads the flags of the package.json script that runs the chosen runner (src/rerun/script-args.ts). */
import { describe, expect, it } from 'vitest';
import { autoFlags, commandsOf, readRunnerScript } from '../../src/rerun/script-args.ts';
import { findPreset } from '../../src/rerun/presets/index.ts';

const jest = findPreset('jest')!;
const vitest = findPreset('vitest')!;

describe('readRunnerScript', () => {
  it('reads the test script: the words after the runner, the assignments before it', () => {
    expect(readRunnerScript('jest', { test: 'jest --color=true', lint: 'eslint .' })).toEqual({ script: 'test', line: 'jest --color=true', args: ['--color=true'], env: [] });
    expect(readRunnerScript('jest', { test: 'cross-env TZ=America/New_York NODE_ENV=test npx jest --ci "a b"' })).toEqual({
      script: 'test',
      line: 'cross-env TZ=America/New_York NODE_ENV=test npx jest --ci "a b"',
      args: ['--ci', 'a b'],
      env: [
        ['TZ', 'America/New_York'],
        ['NODE_ENV', 'test'],
      ],
    });
  });

  it('takes the command of a chain that starts the runner', () => {
    expect(readRunnerScript('vitest', { test: 'npm run build && vitest run --typecheck; echo done' })).toMatchObject({ args: ['run', '--typecheck'] });
    expect(commandsOf("a 'x && y' && b || c | d; e & f")).toEqual(["a 'x && y'", 'b', 'c', 'd', 'e', 'f']);
  });

  it('prefers the script named test; several others and none named test: unreadable', () => {
    expect(readRunnerScript('jest', { 'test:ci': 'jest --ci', test: 'jest --color=true' })).toMatchObject({ script: 'test' });
    expect(readRunnerScript('jest', { 'test:ci': 'jest --ci' })).toMatchObject({ script: 'test:ci', args: ['--ci'] });
    expect(readRunnerScript('jest', { a: 'jest --ci', b: 'jest --color' })).toEqual({ unreadable: 'the scripts "a", "b" run jest and none is "test", so no script\'s flags were taken' });
    expect(readRunnerScript('jest', { test: 'mocha' })).toEqual({ none: true });
  });

  it('what a shell would expand, or a runner started through node, is unreadable with why', () => {
    expect(readRunnerScript('jest', { test: 'jest --outputFile=$OUT' })).toMatchObject({ unreadable: expect.stringMatching(/^its command cannot be read without a shell: '\$'/) });
    expect(readRunnerScript('jest', { test: 'node --experimental-vm-modules node_modules/.bin/jest' })).toMatchObject({
      unreadable: "it starts jest through 'node', which the preset does not",
    });
    expect(readRunnerScript('jest', { test: "jest 'unclosed" })).toMatchObject({ unreadable: 'it has an unclosed quote' });
  });
});

describe('autoFlags', () => {
  it('passes on what the preset keeps, says what it leaves out, and carries the variables', () => {
    const flags = autoFlags(jest, { script: 'test', line: 'TZ=UTC jest --coverage --color=true', args: ['--coverage', '--color=true'], env: [['TZ', 'UTC']] });
    expect(flags.args).toEqual(['--color=true']);
    expect(flags.env).toEqual({ TZ: 'UTC' });
    expect(flags.why).toEqual([`package.json's "test" script (TZ=UTC jest --coverage --color=true): the re-runs pass on --color=true; they set TZ=UTC as it does`]);
    expect(flags.notices).toHaveLength(1);
    expect(flags.notices[0]).toMatch(/^Re-runs: the jest preset leaves out '--coverage' \(.*\) of package\.json's "test" script/);
  });

  it('a flag the preset refuses: no flags, and a notice with the rerun line to use', () => {
    const flags = autoFlags(jest, { script: 'test', line: 'jest --listTests --color=true', args: ['--listTests', '--color=true'], env: [] });
    expect(flags.args).toEqual([]);
    expect(flags.notices[0]).toMatch(/cannot pass on '--listTests'.*name them: rerun: jest --color=true\.$/);
  });

  it("vitest's run subcommand is the preset's own", () => {
    expect(autoFlags(vitest, { script: 'test', line: 'vitest run --typecheck', args: ['run', '--typecheck'], env: [] }).args).toEqual(['--typecheck']);
  });

  it('an unreadable script: a notice naming the script and why, no flags', () => {
    const flags = autoFlags(jest, { script: 'test', line: 'node x/jest', unreadable: "it starts jest through 'node', which the preset does not" });
    expect(flags.args).toEqual([]);
    expect(flags.notices).toEqual([
      `Re-runs: rerun: auto runs jest without the flags of package.json's "test" script (node x/jest): it starts jest through 'node', which the preset does not. If the tests need them, name the preset with its flags (rerun: jest <flags>; docs/rerun-presets.md).`,
    ]);
    expect(autoFlags(jest, { none: true })).toEqual({ args: [], env: {}, why: [], notices: [] });
  });
});
