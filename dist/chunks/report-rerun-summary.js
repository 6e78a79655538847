import {
  MAX_RERUN_ROWS,
  attemptSymbols,
  renderRerunSection
} from "./shared-report-rerun-summary.js";
import "./shared-rerun-plan.js";
import "./shared-rerun-stopping.js";
import "./shared-text-escape.js";
import "./shared-model.js";
import "./shared-runtime.js";
export {
  MAX_RERUN_ROWS,
  attemptSymbols,
  renderRerunSection
};
