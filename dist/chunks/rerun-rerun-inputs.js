import {
  RERUN_DEFAULTS,
  choosePreset,
  readRerunInputs
} from "./shared-rerun-rerun-inputs.js";
import "./shared-rerun-typo.js";
import "./shared-rerun-presets-args.js";
import "./shared-text-shell.js";
import "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-text-edit-distance.js";
import "./shared-cost-index.js";
import "./shared-runtime.js";
export {
  RERUN_DEFAULTS,
  choosePreset,
  readRerunInputs
};
