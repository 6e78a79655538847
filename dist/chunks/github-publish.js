import {
  WORKFLOW_ANNOTATIONS_PER_KIND,
  emitWorkflowAnnotations,
  factsFor,
  publishOutcome,
  publishResults,
  publishRun,
  publishStopped,
  warmApiClient
} from "./shared-github-publish.js";
import "./shared-report-store-line.js";
import "./shared-store-sync.js";
import "./shared-github-step-files.js";
import {
  blobUrlFor
} from "./shared-report-summary.js";
import "./shared-report-scores.js";
import "./shared-clusters-cluster.js";
import "./shared-report-clusters.js";
import "./shared-store-inbox-refs.js";
import "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-diagnose-rule.js";
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
import "./shared-actions-core.js";
import "./shared-runtime.js";
export {
  WORKFLOW_ANNOTATIONS_PER_KIND,
  blobUrlFor,
  emitWorkflowAnnotations,
  factsFor,
  publishOutcome,
  publishResults,
  publishRun,
  publishStopped,
  warmApiClient
};
