import {
  DATA_NOTE,
  PROPOSAL_KINDS,
  STATES,
  branchOwnerTexts,
  exactId,
  explainData,
  fixBundle,
  knownIds,
  listTests,
  ownerLookup,
  proposalBranch,
  proposalText,
  rerunOf,
  stateOf,
  verdictOf
} from "./shared-mcp-core.js";
import "./shared-rerun-presets-args.js";
import "./shared-onset-changepoint.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import "./shared-report-scores.js";
import "./shared-clusters-cluster.js";
import "./shared-owners-classmap.js";
import "./shared-diagnose-format.js";
import "./shared-text-escape.js";
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
  DATA_NOTE,
  PROPOSAL_KINDS,
  STATES,
  branchOwnerTexts,
  exactId,
  explainData,
  fixBundle,
  knownIds,
  listTests,
  ownerLookup,
  proposalBranch,
  proposalText,
  rerunOf,
  stateOf,
  verdictOf
};
