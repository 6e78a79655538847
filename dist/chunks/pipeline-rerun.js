import {
  REVERSE_ROUNDS,
  plannedExtras,
  quarantinedIfExhausted,
  readRoundReport,
  rerunStep
} from "./shared-pipeline-rerun.js";
import "./shared-junit-xml.js";
import "./shared-rerun-typo.js";
import "./shared-rerun-process.js";
import "./shared-policy-hand-edits.js";
import "./shared-rerun-presets-args.js";
import "./shared-text-shell.js";
import "./shared-scoring-thresholded.js";
import "./shared-rerun-plan.js";
import "./shared-rerun-stopping.js";
import "./shared-text-escape.js";
import "./shared-text-edit-distance.js";
import "./shared-store-snapshot.js";
import "./shared-history-stored.js";
import "./shared-history-merge.js";
import "./shared-history-records.js";
import "./shared-store-read-bounds.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-model.js";
import "./shared-actions-core.js";
import "./shared-runtime.js";
export {
  REVERSE_ROUNDS,
  plannedExtras,
  quarantinedIfExhausted,
  readRoundReport,
  rerunStep
};
