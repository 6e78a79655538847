/**
 * The re-run inputs (docs/rerun.md#inputs), validated. The command comes from the workflow file only: the `rerun`
 * input, never a report or the data branch.
 */
import { InputError, parseInteger, type InputGetter } from '../config/inputs.ts';
import { splitWords } from '../text/shell.ts';
import type { RerunPreset } from './contract.ts';
import { findPreset, PRESETS } from './presets/index.ts';
import { nearestPreset } from './typo.ts';

export type NewTestsMode = 'warn' | 'block';

export interface RerunInputs {
  /** The `rerun` input as written. */
  command: string;
  /** The preset it names, when it names one; otherwise `command` runs through `bash -c` (unless `auto`). */
  preset?: RerunPreset;
  /** `rerun: auto`: the preset is chosen from the reports and the workspace (src/rerun/detect.ts). */
  auto?: true;
  /** The original run's extra runner arguments after the preset's name, as the preset kept them. */
  args?: string[];
  /** Variables the re-runs set besides the step's own (`rerun: auto`: those of the package.json script it read). */
  env?: Record<string, string>;
  /** What the step says before the re-runs (arguments the preset left out, and why). */
  notices: string[];
  /** Re-runs of a failed test at least (unless it passes first). */
  attempts: number;
  /** …and at most. */
  attemptsMax: number;
  /** More failed tests than this: re-run none. */
  maxTests: number;
  /** Seconds for all rounds together. */
  timeoutSec: number;
  /** Extra executions of passing tests per run (0: only re-run failures). */
  budget: number;
  newTests: NewTestsMode;
}

export const RERUN_DEFAULTS = { attempts: 3, attemptsMax: 6, maxTests: 20, timeoutSec: 600, budget: 0, newTests: 'warn' as NewTestsMode };

/**
 * The re-run inputs, or undefined when `rerun` is empty (the step then behaves as without the feature). `found`: whether
 * a word is a command here (src/rerun/typo.ts `commandFound`); with it, a first word that is none and is near a
 * preset's name is an input error.
 */
export function readRerunInputs(get: InputGetter, found?: (word: string) => boolean): RerunInputs | undefined {
  const command = get('rerun');
  // Validated even without `rerun`, so that a typo is not silently ignored.
  const attempts = parseInteger('rerun-attempts', get('rerun-attempts'), RERUN_DEFAULTS.attempts, 1, 20);
  const attemptsMax = parseInteger('rerun-attempts-max', get('rerun-attempts-max'), Math.max(RERUN_DEFAULTS.attemptsMax, attempts), 1, 50);
  if (attemptsMax < attempts) {
    throw new InputError(`Input 'rerun-attempts-max' (${attemptsMax}) must be at least 'rerun-attempts' (${attempts}).`);
  }
  const maxTests = parseInteger('rerun-max-tests', get('rerun-max-tests'), RERUN_DEFAULTS.maxTests, 1, 10_000);
  const timeoutSec = parseInteger('rerun-timeout', get('rerun-timeout'), RERUN_DEFAULTS.timeoutSec, 1, 6 * 3600);
  const budget = parseInteger('rerun-budget', get('rerun-budget'), RERUN_DEFAULTS.budget, 0, 1_000_000);
  const newTests = (get('new-tests') || RERUN_DEFAULTS.newTests).toLowerCase();
  if (newTests !== 'warn' && newTests !== 'block') {
    throw new InputError(`Input 'new-tests' must be warn or block, got '${newTests.slice(0, 80)}'.`);
  }
  if (command.trim() === '') return undefined;
  const rest = { attempts, attemptsMax, maxTests, timeoutSec, budget, newTests: newTests as NewTestsMode };
  const chosen = choosePreset(command, found);
  return { command, ...chosen, ...rest };
}

/**
 * What the `rerun` input names: a preset, with the original run's extra arguments after its name (`jest
 * --color=true`, read as a shell would split it but never run by one), `auto`, or else a shell command. A line whose
 * first word is a preset's name or `auto` is never a shell command; one that is no command found here (`found`) and is
 * near a preset's name is a mistyped preset: an input error naming it (docs/adr/0440-mistyped-preset-is-an-input-error.md).
 */
export function choosePreset(command: string, found?: (word: string) => boolean): { preset?: RerunPreset; auto?: true; args?: string[]; notices: string[] } {
  const first = command.trim().split(/[ \t]+/)[0]!;
  const preset = findPreset(first);
  if (first !== 'auto' && preset === undefined) {
    const meant = found ? nearestPreset(first, [...PRESETS.keys(), 'auto']) : undefined;
    if (meant !== undefined && !found!(first)) {
      throw new InputError(
        `Input 'rerun': \`${first}\` is not a preset or a command found here; did you mean \`${meant}\`? (The presets: docs/rerun-presets.md; a shell command's first word must be a command on PATH or a file of the workspace.)`,
      );
    }
    return { notices: [] };
  }
  const split = splitWords(command.trim());
  if ('error' in split) throw new InputError(`Input 'rerun' (the ${first} preset and its arguments) cannot be read: ${split.error}.`);
  const args = split.words.slice(1);
  if (preset === undefined) {
    if (args.length > 0) {
      throw new InputError(`Input 'rerun': 'auto' takes no arguments ('${args[0]!.slice(0, 80)}'); to pass the runner's flags, name its preset (rerun: jest --color=true).`);
    }
    return { auto: true, notices: [] };
  }
  if (args.length === 0) return { preset, notices: [] };
  if (preset.screenArgs === undefined) {
    throw new InputError(`Input 'rerun': the ${preset.name} preset takes no arguments ('${args[0]!.slice(0, 80)}'); see docs/rerun-presets.md.`);
  }
  const screened = preset.screenArgs(args);
  if ('refused' in screened) {
    throw new InputError(`Input 'rerun': the ${preset.name} preset cannot pass on '${screened.refused.slice(0, 80)}': ${screened.why} (docs/rerun-presets.md).`);
  }
  const notices = screened.dropped.map((d) => `Re-runs: the ${preset.name} preset leaves out ${d}.`);
  return { preset, ...(screened.args.length > 0 ? { args: screened.args } : {}), notices };
}
