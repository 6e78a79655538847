/**
 * The `rerun` line with the original run's extra arguments (src/rerun/rerun-inputs.ts choosePreset) and each preset's
 * screening of them (src/rerun/presets/args.ts), and where each preset places them on its command line.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/config/inputs.ts';
import { choosePreset, readRerunInputs } from '../../src/rerun/rerun-inputs.ts';
import { findPreset } from '../../src/rerun/presets/index.ts';
import type { RerunTest } from '../../src/rerun/contract.ts';

const kept = (line: string) => {
  const c = choosePreset(line);
  return { args: c.args ?? [], notices: c.notices };
};
const refused = (line: string) => {
  try {
    choosePreset(line);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`not refused: ${line}`);
};

describe('the rerun line', () => {
  it('a preset name alone, a shell command, auto', () => {
    expect(choosePreset('jest')).toEqual({ preset: findPreset('jest'), notices: [] });
    expect(choosePreset('npx jest --ci')).toEqual({ notices: [] });
    expect(choosePreset('./rerun.sh "$FLAKEGUARD_RERUN_TESTS"')).toEqual({ notices: [] });
    expect(choosePreset(' auto ')).toEqual({ auto: true, notices: [] });
    expect(refused('auto --color=true')).toBe("Input 'rerun': 'auto' takes no arguments ('--color=true'); to pass the runner's flags, name its preset (rerun: jest --color=true).");
  });

  it('a preset with arguments: split as a shell would, never by one; shell syntax is an error naming where', () => {
    expect(kept(`mocha --require 'test/support/my env.js' --check-leaks`)).toEqual({ args: ['--require', 'test/support/my env.js', '--check-leaks'], notices: [] });
    expect(refused('jest --color=true $(touch x)')).toBe(
      "Input 'rerun' (the jest preset and its arguments) cannot be read: '$' at character 19 would be read by a shell; quote it ('…') or leave it out.",
    );
    expect(refused('jest --ci; rm -rf /')).toMatch(/cannot be read: ';' at character 10/);
    // The first word decides: 'jest;' names no preset, so the line is a shell command, as before.
    expect(choosePreset('jest; echo done')).toEqual({ notices: [] });
  });

  it('a preset without screening (the recipes) takes no arguments', () => {
    expect(refused('maven -Pit')).toBe("Input 'rerun': the maven preset takes no arguments ('-Pit'); see docs/rerun-presets.md.");
  });

  it('readRerunInputs carries the arguments and the notices', () => {
    const inputs = readRerunInputs((name) => (name === 'rerun' ? 'jest --ci --color=true' : ''));
    expect(inputs?.preset?.name).toBe('jest');
    expect(inputs?.args).toEqual(['--color=true']);
    // --ci is a flag the preset writes itself: in effect, never reported as left out (ADR 0441).
    expect(inputs?.notices).toEqual([]);
    expect(readRerunInputs((name) => (name === 'rerun' ? 'jest --no-ci' : ''))?.notices).toEqual(["Re-runs: the jest preset leaves out '--no-ci' (the preset sets it itself)."]);
    expect(readRerunInputs((name) => (name === 'rerun' ? 'auto' : ''))?.auto).toBe(true);
  });
});

describe('jest', () => {
  it('passes on what changes how tests run, leaves out what the preset owns (with its value), refuses what runs no tests', () => {
    expect(kept('jest --color=true --config jest.ci.config.js -i --testTimeout 20000 --setupFiles ./s.js src/')).toEqual({
      args: ['--color=true', '--config', 'jest.ci.config.js', '-i', '--testTimeout', '20000', '--setupFiles', './s.js', 'src/'],
      notices: [],
    });
    const out = kept('jest --ci --coverage --reporters default --reporters=jest-junit -t "adds item" --test-name-pattern=x --bail --watchAll=false --shard=1/3 -u --no-coverage');
    expect(out.args).toEqual([]);
    expect(out.notices.map((n) => n.replace(/ \(.*$/, ''))).toEqual([
      "Re-runs: the jest preset leaves out '--coverage'",
      "Re-runs: the jest preset leaves out '--reporters default'",
      "Re-runs: the jest preset leaves out '--reporters=jest-junit'",
      "Re-runs: the jest preset leaves out '-t adds item'",
      "Re-runs: the jest preset leaves out '--test-name-pattern=x'",
      "Re-runs: the jest preset leaves out '--bail'",
      "Re-runs: the jest preset leaves out '--watchAll=false'",
      "Re-runs: the jest preset leaves out '--shard=1/3'",
      "Re-runs: the jest preset leaves out '-u'",
      "Re-runs: the jest preset leaves out '--no-coverage'",
    ]);
    expect(refused('jest --listTests')).toBe("Input 'rerun': the jest preset cannot pass on '--listTests': it makes the runner run no tests (docs/rerun-presets.md).");
    expect(refused('jest --findRelatedTests src/a.js')).toMatch(/cannot pass on '--findRelatedTests'/);
  });

  it('places the arguments before its own flags', () => {
    const t: RerunTest = { id: 'a::a', classname: 'a', name: 'a' };
    const [cmd] = findPreset('jest')!.commands([t], '/r.xml', 1, { args: ['--color=true'] });
    expect(cmd!.argv.slice(0, 3)).toEqual(['node_modules/.bin/jest', '--color=true', '--ci']);
  });
});

describe('vitest', () => {
  it('drops a leading `run`, passes on --typecheck, --mode, --config; leaves out the reporter, -t, retries, coverage', () => {
    expect(kept('vitest run --typecheck --mode=staging -c vitest.ci.ts --project unit')).toEqual({ args: ['--typecheck', '--mode=staging', '-c', 'vitest.ci.ts', '--project', 'unit'], notices: [] });
    const out = kept('vitest --run --reporter=junit --outputFile.junit=x.xml --outputFile y.xml --retry 2 --coverage.enabled=true -t foo -w --bail 1');
    expect(out.args).toEqual([]);
    expect(out.notices).toHaveLength(8); // not --run: the preset runs `vitest run` itself
    expect(refused('vitest --ui')).toMatch(/cannot pass on '--ui': a re-run must end/);
  });

  it('places the arguments after `run`, before its files and pattern', () => {
    const t: RerunTest = { id: 'a.test.js::x', classname: 'a.test.js', name: 'x' };
    const [cmd] = findPreset('vitest')!.commands([t], '/r.xml', 1, { args: ['--typecheck'] });
    expect(cmd!.argv.slice(0, 4)).toEqual(['node_modules/.bin/vitest', 'run', '--typecheck', './a.test.js']);
  });
});

describe('mocha', () => {
  it('passes on --require, --check-leaks, a spec; -t is its timeout; leaves out --grep, the reporter, retries, bail; groups are checked', () => {
    expect(kept('mocha --require test/support/env --check-leaks -t 5000 --exit "test/**/*.spec.js"')).toEqual({
      args: ['--require', 'test/support/env', '--check-leaks', '-t', '5000', '--exit', 'test/**/*.spec.js'],
      notices: [],
    });
    const out = kept('mocha -R spec --reporter-option mochaFile=x.xml -g foo --retries 2 -b');
    expect(out.args).toEqual([]);
    expect(out.notices).toHaveLength(5);
    expect(refused('mocha -cb')).toMatch(/cannot pass on '-cb': write -b on its own so that the preset can leave it out/);
    expect(refused('mocha --watch')).toMatch(/a re-run must end/);
  });
});

describe('node-test', () => {
  it('passes on node options (a value with = or as the next word), leaves out --test and its reporters, refuses a path', () => {
    expect(kept('node-test --import ./setup.mjs --experimental-test-module-mocks --test --test-reporter=spec')).toEqual({
      args: ['--import', './setup.mjs', '--experimental-test-module-mocks'],
      notices: [expect.stringContaining("'--test-reporter=spec'")],
    });
    expect(refused('node-test tests/')).toMatch(/cannot pass on 'tests\/': the node-test preset names the test files itself/);
    expect(refused('node-test --watch')).toMatch(/a re-run must end/);
  });

  it('places the arguments after --test, before its reporters', () => {
    const t: RerunTest = { id: 'test::x', classname: 'test', name: 'x', file: '/w/a.test.js' };
    const [cmd] = findPreset('node-test')!.commands([t], '/r.xml', 1, { args: ['--import=./s.mjs'] });
    expect(cmd!.argv.slice(0, 4)).toEqual(['node', '--test', '--import=./s.mjs', '--test-reporter=spec']);
  });
});

describe('pytest', () => {
  it('passes on plugins, markers, config; leaves out -k, -x, --junitxml, reruns; refuses xdist and groups hiding -x', () => {
    expect(kept('pytest -p no:randomly -m "not slow" -c ci.ini --strict-markers -rxX -q tests/')).toEqual({
      args: ['-p', 'no:randomly', '-m', 'not slow', '-c', 'ci.ini', '--strict-markers', '-rxX', '-q', 'tests/'],
      notices: [],
    });
    const out = kept('pytest -k "a or b" -x --maxfail 2 --junitxml=out.xml --reruns 3 --lf');
    expect(out.args).toEqual([]);
    expect(out.notices).toHaveLength(6);
    expect(refused('pytest -n auto')).toMatch(/cannot pass on '-n': pytest-xdist's workers/);
    expect(refused('pytest -vx')).toMatch(/write -x on its own/);
    expect(refused('pytest --pdb')).toMatch(/debugger/);
  });

  it('gives the arguments to pytest before the files', () => {
    const t: RerunTest = { id: 'a::b', classname: 'a', name: 'b' };
    const [cmd] = findPreset('pytest')!.commands([t], '/r.xml', 1, { args: ['-p', 'no:randomly'] });
    expect(cmd!.argv.at(-1)).toBe('["-p","no:randomly"]');
    expect(findPreset('pytest')!.commands([t], '/r.xml', 1)[0]!.argv).toHaveLength(5);
  });
});

describe('gotestsum', () => {
  it("gotestsum's flags before --, go test's after; leaves out -run, -count, --rerun-fails; refuses packages and -args", () => {
    expect(kept('gotestsum --hide-summary=skipped -- -race -tags integration -timeout=5m')).toEqual({
      args: ['--hide-summary=skipped', '--', '-race', '-tags', 'integration', '-timeout=5m'],
      notices: [],
    });
    const out = kept('gotestsum --format testname --junitfile out.xml --rerun-fails -- -count=1 -run TestX -failfast');
    expect(out.args).toEqual(['--']);
    expect(out.notices).toHaveLength(6);
    expect(refused('gotestsum -- -race ./...')).toMatch(/cannot pass on '\.\/\.\.\.': the preset names the packages itself/);
    expect(refused('gotestsum -- -args -x')).toMatch(/cannot pass on '-args'/);
    expect(refused('gotestsum ./...')).toMatch(/put go test's flags after --/);
  });

  it('places them on both sides of its own --', () => {
    const t: RerunTest = { id: 'p::TestA', classname: 'example.com/p', name: 'TestA' };
    const [cmd] = findPreset('gotestsum')!.commands([t], '/r.xml', 1, { args: ['--hide-summary=skipped', '--', '-race'] });
    expect(cmd!.argv).toEqual(['gotestsum', '--hide-summary=skipped', '--junitfile=/r.xml', '--format=standard-verbose', '--', '-race', '-count=1', '-run=^TestA$', 'example.com/p']);
  });
});
