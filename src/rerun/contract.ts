/**
 * The re-run contract shared by the re-run core (src/rerun/) and the runner presets (src/rerun/presets/).
 * Pure types: nothing here does I/O. See docs/rerun.md ("The contract of a custom command").
 *
 * Public API (custom commands, `rerun: <shell command>`): the command runs through `bash -c` in the workspace,
 * once per round, with
 * - FLAKEGUARD_RERUN_TESTS: path of a JSON Lines file, one RerunTest per line;
 * - FLAKEGUARD_RERUN_REPORT: path where the command writes one JUnit XML report (its folder exists);
 * - FLAKEGUARD_RERUN_ROUND: 1, 2, …
 * - FLAKEGUARD_RERUN_REPEAT: N ≥ 1, run each listed test N times in this one invocation; the report lists each
 *   execution as its own testcase, in order (docs/rerun.md, "Executions per start"). A command that ignores it (one
 *   testcase per test) still works: the core counts the executions it got and asks for the rest in further starts.
 * - FLAKEGUARD_RERUN_SEED: set only by `mode: diagnose`'s seed variation, a whole number; the command passes it to
 *   the runner's own seed (test order, random data), e.g. `vitest --sequence.shuffle --sequence.seed=$FLAKEGUARD_RERUN_SEED`
 *   (docs/diagnose.md). Its other variations set TZ, LANG and LC_ALL, and run busy processes beside it.
 * The command's exit code is not the verdict; the report is. Keep these names.
 */

/** One test to re-run: a line of FLAKEGUARD_RERUN_TESTS. Field names are public API. */
export interface RerunTest {
  /** The flakeguard test id (docs/test-ids.md) the re-run report must reproduce. */
  id: string;
  classname: string;
  name: string;
  /** The test's file, when the original report gave one. */
  file?: string;
  /** The innermost <testsuite> name, when known. */
  suite?: string;
}

/**
 * A process a preset asks for: started WITHOUT a shell (`spawn(argv[0], argv.slice(1))`) in the workspace, so
 * test names reach it as separate arguments and are never parsed by a shell.
 */
export interface RerunCommand {
  argv: string[];
  /** Extra environment variables for the process (e.g. a reporter's output path). */
  env?: Record<string, string>;
}

/** What a preset gets besides the tests: the original run's extra runner arguments, as screenArgs kept them. */
export interface PresetOptions {
  args?: readonly string[];
  /**
   * Executions per test asked of this process (absent = 1), given only to a preset that `repeats`: its report lists
   * each execution as its own testcase with the test's classname and name, in order.
   */
  repeat?: number;
  /**
   * The seed of `mode: diagnose`'s seed variation (FLAKEGUARD_RERUN_SEED): a preset passes it to its runner's own seed
   * option where the runner has one (docs/diagnose.md, "seed"); absent outside that variation.
   */
  seed?: string;
}

/**
 * The verdict on the original run's extra arguments (`rerun: <preset> <arguments…>`, docs/rerun-presets.md): the
 * arguments the preset passes on, and the ones it leaves out because it sets them itself (said in a notice); or the
 * first argument it refuses, and why (an input error: it would change which tests run or what the report says).
 */
export type ScreenedArgs = { args: string[]; /** Each `'<argument>' (<why>)`. */ dropped: string[] } | { refused: string; why: string };

/** A runner preset: turns the tests of one round into the process(es) that re-run exactly them. Pure. */
export interface RerunPreset {
  /** The value of the `rerun` input that selects it, e.g. `vitest`. */
  name: string;
  /** Whether the runner's own JUnit report records retries as separate attempts (README: which runners do). */
  recordsRetries: boolean;
  /**
   * Whether the processes run a chosen set of tests of one file in the file's own order, in one process, so that a
   * test runs after the chosen tests written before it (context rounds: docs/rerun.md). Absent: no context rounds.
   */
  keepsOrder?: boolean;
  /**
   * Whether `commands` honours `options.repeat`: its process runs each selected test that many times and its report
   * lists each execution as its own testcase (docs/rerun.md, "Executions per start"). Absent: one execution per test
   * and start, and the core starts it once per execution.
   */
  repeats?: boolean;
  /**
   * With `repeats`: false when the report does not list a test's executions in the order they ran (gotestsum lists a
   * test's failed runs before its passed ones). The core then asks each failed test for exactly the executions at
   * which its verdict could first be reached, so that their order cannot change it (src/rerun/plan.ts roundGroups).
   * Absent: in order.
   */
  repeatsInOrder?: boolean;
  /**
   * The processes to run, in order, for one round. Together they must write ONE JUnit XML report at `reportPath`
   * whose test ids (docs/test-ids.md) equal the original report's for the same tests. Running a superset of
   * `tests` is allowed (the core ignores tests it did not ask for); running fewer is not.
   */
  commands(tests: readonly RerunTest[], reportPath: string, round: number, options?: PresetOptions): RerunCommand[];
  /**
   * Checks the original run's extra arguments before any round. A preset without it takes none (every argument is
   * refused). `commands` gets only arguments it kept.
   */
  screenArgs?(args: readonly string[]): ScreenedArgs;
}
