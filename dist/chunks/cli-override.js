import {
  CliError,
  MAX_MATCHED,
  editExact,
  editOverride,
  findTests,
  overrideValue,
  planOverrides,
  resolveTest,
  selectTests,
  shownId,
  unchanged
} from "./shared-cli-override.js";
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
  CliError,
  MAX_MATCHED,
  editExact,
  editOverride,
  findTests,
  overrideValue,
  planOverrides,
  resolveTest,
  selectTests,
  shownId,
  unchanged
};
