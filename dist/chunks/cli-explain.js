import {
  adviceLine,
  explainTest
} from "./shared-cli-explain.js";
import "./shared-report-onset.js";
import "./shared-onset-changepoint.js";
import "./shared-report-scores.js";
import "./shared-diagnose-rule.js";
import "./shared-diagnose-format.js";
import "./shared-text-escape.js";
import "./shared-cli-override.js";
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
import "./shared-runtime.js";
export {
  adviceLine,
  explainTest
};
