import {
  isRemoteUrl,
  onsetCommitsOf,
  readDataBranch,
  remoteOf,
  statsLineOf,
  writeOverrides
} from "./shared-cli-data.js";
import "./shared-onset-changepoint.js";
import "./shared-store-sync.js";
import "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
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
import "./shared-store-cleanup.js";
import "./shared-runtime.js";
export {
  isRemoteUrl,
  onsetCommitsOf,
  readDataBranch,
  remoteOf,
  statsLineOf,
  writeOverrides
};
