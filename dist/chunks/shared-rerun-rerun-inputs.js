import {
  nearestPreset
} from "./shared-rerun-typo.js";
import {
  PRESETS,
  findPreset
} from "./shared-rerun-presets-args.js";
import {
  splitWords
} from "./shared-text-shell.js";
import {
  InputError,
  parseInteger
} from "./shared-config-inputs.js";

// src/rerun/rerun-inputs.ts
var RERUN_DEFAULTS = { attempts: 3, attemptsMax: 6, maxTests: 20, timeoutSec: 600, budget: 0, newTests: "warn" };
function readRerunInputs(get, found) {
  const command = get("rerun");
  const attempts = parseInteger("rerun-attempts", get("rerun-attempts"), RERUN_DEFAULTS.attempts, 1, 20);
  const attemptsMax = parseInteger("rerun-attempts-max", get("rerun-attempts-max"), Math.max(RERUN_DEFAULTS.attemptsMax, attempts), 1, 50);
  if (attemptsMax < attempts) {
    throw new InputError(`Input 'rerun-attempts-max' (${attemptsMax}) must be at least 'rerun-attempts' (${attempts}).`);
  }
  const maxTests = parseInteger("rerun-max-tests", get("rerun-max-tests"), RERUN_DEFAULTS.maxTests, 1, 1e4);
  const timeoutSec = parseInteger("rerun-timeout", get("rerun-timeout"), RERUN_DEFAULTS.timeoutSec, 1, 6 * 3600);
  const budget = parseInteger("rerun-budget", get("rerun-budget"), RERUN_DEFAULTS.budget, 0, 1e6);
  const newTests = (get("new-tests") || RERUN_DEFAULTS.newTests).toLowerCase();
  if (newTests !== "warn" && newTests !== "block") {
    throw new InputError(`Input 'new-tests' must be warn or block, got '${newTests.slice(0, 80)}'.`);
  }
  if (command.trim() === "") return void 0;
  const rest = { attempts, attemptsMax, maxTests, timeoutSec, budget, newTests };
  const chosen = choosePreset(command, found);
  return { command, ...chosen, ...rest };
}
function choosePreset(command, found) {
  const first = command.trim().split(/[ \t]+/)[0];
  const preset = findPreset(first);
  if (first !== "auto" && preset === void 0) {
    const meant = found ? nearestPreset(first, [...PRESETS.keys(), "auto"]) : void 0;
    if (meant !== void 0 && !found(first)) {
      throw new InputError(
        `Input 'rerun': \`${first}\` is not a preset or a command found here; did you mean \`${meant}\`? (The presets: docs/rerun-presets.md; a shell command's first word must be a command on PATH or a file of the workspace.)`
      );
    }
    return { notices: [] };
  }
  const split = splitWords(command.trim());
  if ("error" in split) throw new InputError(`Input 'rerun' (the ${first} preset and its arguments) cannot be read: ${split.error}.`);
  const args = split.words.slice(1);
  if (preset === void 0) {
    if (args.length > 0) {
      throw new InputError(`Input 'rerun': 'auto' takes no arguments ('${args[0].slice(0, 80)}'); to pass the runner's flags, name its preset (rerun: jest --color=true).`);
    }
    return { auto: true, notices: [] };
  }
  if (args.length === 0) return { preset, notices: [] };
  if (preset.screenArgs === void 0) {
    throw new InputError(`Input 'rerun': the ${preset.name} preset takes no arguments ('${args[0].slice(0, 80)}'); see docs/rerun-presets.md.`);
  }
  const screened = preset.screenArgs(args);
  if ("refused" in screened) {
    throw new InputError(`Input 'rerun': the ${preset.name} preset cannot pass on '${screened.refused.slice(0, 80)}': ${screened.why} (docs/rerun-presets.md).`);
  }
  const notices = screened.dropped.map((d) => `Re-runs: the ${preset.name} preset leaves out ${d}.`);
  return { preset, ...screened.args.length > 0 ? { args: screened.args } : {}, notices };
}

export {
  RERUN_DEFAULTS,
  readRerunInputs,
  choosePreset
};
