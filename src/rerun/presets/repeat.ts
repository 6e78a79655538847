/**
 * Repeating a selected test N times in ONE process of a JavaScript runner (PresetOptions.repeat, docs/rerun-presets.md
 * "Repeats in one process"). None of vitest, jest or mocha has a flag that runs a test N times and reports each run:
 * vitest's `repeats` and jest's `retryTimes` write one testcase for all of them. So the preset ships a small helper,
 * written next to the report by a first step of the round, that copies each selected test N-1 times right after
 * itself once the runner has collected the tests and applied its name filter: the runner then runs and reports each
 * copy as a test of its own, with the same name (the same flakeguard id), in execution order.
 *
 * - vitest: a reporter (`--reporter=<file>`, the one hook the CLI offers) sets the projects' `runner` to a runner
 *   class extending vitest's own, which copies the tests before the collected tree is sent to the reporters.
 * - jest: `--testRunner=<file>`, which wraps jest-circus (jest's default runner, found from the project) and copies
 *   the tests at circus's `run_start` event through the environment's `handleTestEvent`; the project's environment,
 *   setup files and transforms stay as they are.
 * - mocha: `--require=<file>` (added to the project's own `require`) with a root `beforeAll` hook that copies them.
 *
 * A copy that matches a snapshot starts from the snapshot counters as they were before the test's previous
 * execution, as the runners do for a retry, so `toMatchSnapshot` compares each execution with the same snapshot.
 * Pure here: this module only holds the helpers' text and builds argv.
 */
import type { RerunCommand } from '../contract.ts';

/** The environment variable the helpers read the number of executions from. */
export const REPEAT_ENV = 'FLAKEGUARD_PRESET_REPEAT';

/** The executions asked of one process: a whole number, at least 1 (absent or nonsense: 1). */
export function repeatCount(repeat: number | undefined): number {
  return repeat !== undefined && Number.isFinite(repeat) && repeat >= 1 ? Math.floor(repeat) : 1;
}

/** Writes each `[path, text]` pair; run under the action's own node. */
export const WRITE_PROGRAM = `
const fs = require('node:fs');
const a = process.argv.slice(1);
for (let i = 0; i + 1 < a.length; i += 2) fs.writeFileSync(a[i], a[i + 1]);
`;

/** The step before the runner that writes the helper files. */
export function writeFilesCommand(files: ReadonlyArray<readonly [path: string, text: string]>): RerunCommand {
  return { argv: [process.execPath, '-e', WRITE_PROGRAM, ...files.flatMap(([p, t]) => [p, t])] };
}

/** vitest, main process: makes the projects run the tests with the repeating runner. */
export const VITEST_REPORTER = `// flakeguard: makes vitest run each selected test FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
export default class FlakeguardRepeat {
  onInit(vitest) {
    const runner = process.env.FLAKEGUARD_PRESET_VITEST_RUNNER;
    for (const project of vitest.projects) {
      if (project.config.runner) {
        process.stderr.write('flakeguard: vitest project "' + (project.name || '') + '" sets its own runner: its tests run once each\\n');
        continue;
      }
      project.config.runner = runner;
    }
  }
}
`;

/** vitest, each worker: vitest's own test runner, with the selected tests copied after collection. */
export const VITEST_RUNNER = `// flakeguard: vitest's test runner, each selected test run FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
import { VitestTestRunner } from 'vitest/runners';

const N = Math.max(1, Math.floor(Number(process.env.FLAKEGUARD_PRESET_REPEAT) || 1));
const origin = new WeakMap();
const previous = new WeakMap();
const repeated = new WeakSet();

function repeat(suite) {
  if (repeated.has(suite)) return;
  repeated.add(suite);
  const tasks = [];
  for (const task of suite.tasks) {
    tasks.push(task);
    if (task.type === 'suite') repeat(task);
    if (task.type !== 'test' || task.mode !== 'run') continue;
    let before = task;
    for (let k = 2; k <= N; k++) {
      const copy = { ...task, id: task.id + '_flakeguard_' + k, result: undefined };
      Object.defineProperty(copy, 'context', { value: task.context, writable: true, configurable: true });
      origin.set(copy, task);
      previous.set(copy, before);
      before = copy;
      tasks.push(copy);
    }
  }
  suite.tasks = tasks;
}

export default class FlakeguardRepeatRunner extends VitestTestRunner {
  constructor(...args) {
    super(...args);
    // vitest wraps onCollected to send the collected tree to the reporters: the copies must be in it. (A runner
    // class of its own with an onCollected is called after the copies too.)
    const own = super.onCollected;
    let send;
    Object.defineProperty(this, 'onCollected', {
      configurable: true,
      get: () => {
        const next = send ?? (own === undefined ? undefined : own.bind(this));
        if (next === undefined) return undefined;
        return (files) => {
          if (N > 1) for (const file of files) repeat(file);
          return next(files);
        };
      },
      set: (fn) => {
        send = fn;
      },
    });
  }
  onBeforeTryTask(test, options) {
    const before = previous.get(test);
    if (before !== undefined) this.snapshotClient.clearTest(test.file.filepath, before.id);
    return super.onBeforeTryTask(test, options);
  }
  runTask(test) {
    const fn = VitestTestRunner.getTestFn(origin.get(test) ?? test);
    if (!fn) throw new Error('Test function is not found.');
    return fn();
  }
}
`;

/** jest: jest-circus, each selected test copied at run_start. */
export const JEST_RUNNER = `// flakeguard: jest-circus, each selected test run FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
'use strict';
const path = require('node:path');

const N = Math.max(1, Math.floor(Number(process.env.FLAKEGUARD_PRESET_REPEAT) || 1));

function circus(config) {
  const from = [config.rootDir, process.cwd()];
  try {
    from.push(path.dirname(require.resolve('jest-runner', { paths: [config.rootDir, process.cwd()] })));
  } catch {}
  for (const dir of from) {
    let runner;
    try {
      runner = require(require.resolve('jest-circus/runner', { paths: [dir] }));
    } catch {
      continue;
    }
    // jest 29 exports the function, jest 30 an ES module's default.
    return typeof runner === 'function' ? runner : runner.default;
  }
  throw new Error('flakeguard: jest-circus (jest\\'s default test runner) was not found from ' + config.rootDir);
}

function testId(test) {
  const titles = [];
  for (let t = test; t.parent; t = t.parent) titles.unshift(t.name);
  return titles.join(' ');
}

function runs(test, state, parentSkipped) {
  return !(
    parentSkipped ||
    test.mode === 'skip' ||
    test.mode === 'todo' ||
    (state.hasFocusedTests && test.mode !== 'only') ||
    (state.testNamePattern && !state.testNamePattern.test(testId(test)))
  );
}

function repeat(block, state, parentSkipped, copies) {
  const skipped = parentSkipped || block.mode === 'skip';
  const children = [];
  for (const child of block.children) {
    children.push(child);
    if (child.type === 'describeBlock') repeat(child, state, skipped, copies);
    if (child.type !== 'test' || !runs(child, state, skipped)) continue;
    for (let k = 2; k <= N; k++) {
      const copy = { ...child, errors: [], retryReasons: [], unhandledErrors: [], invocations: 0, status: null, startedAt: null, duration: null, numPassingAsserts: 0 };
      copies.add(copy);
      children.push(copy);
    }
  }
  block.children = children;
}

module.exports = async function flakeguardRepeat(globalConfig, config, environment, runtime, testPath, sendMessageToJest) {
  const own = environment.handleTestEvent;
  const copies = new WeakSet();
  environment.handleTestEvent = function (event, state) {
    if (event.name === 'run_start' && N > 1) repeat(state.rootDescribeBlock, state, false, copies);
    // Each execution matches its snapshots afresh, as jest does for a retry.
    if (event.name === 'test_start' && copies.has(event.test)) {
      const expect = environment.global.expect;
      const snapshots = expect && expect.getState ? expect.getState().snapshotState : undefined;
      if (snapshots) snapshots.clear();
    }
    return own === undefined ? undefined : own.call(this, event, state);
  };
  return circus(config)(globalConfig, config, environment, runtime, testPath, sendMessageToJest);
};
`;

/** mocha: a root hook plugin copying each test that is not pending; `--grep` then picks the selected ones. */
export const MOCHA_HOOKS = `// flakeguard: mocha runs each selected test FLAKEGUARD_PRESET_REPEAT times (docs/rerun-presets.md).
'use strict';
const N = Math.max(1, Math.floor(Number(process.env.FLAKEGUARD_PRESET_REPEAT) || 1));

function repeat(suite) {
  const tests = [];
  for (const test of suite.tests) {
    tests.push(test);
    if (test.isPending()) continue;
    for (let k = 2; k <= N; k++) tests.push(test.clone());
  }
  suite.tests = tests;
  for (const child of suite.suites) repeat(child);
}

exports.mochaHooks = {
  beforeAll() {
    let root = this.test.parent;
    while (root.parent) root = root.parent;
    if (N > 1 && !root.flakeguardRepeated) {
      root.flakeguardRepeated = true;
      repeat(root);
    }
  },
};
`;
