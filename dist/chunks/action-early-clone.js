import {
  cloneAhead,
  cloneFrom,
  earlyFrom,
  earlyReports,
  keepingStdout,
  openClone,
  remoteQuestion,
  reportsQuestion,
  stepRemote
} from "./shared-action-early-clone.js";
import "./shared-config-mode-inputs.js";
import "./shared-config-context.js";
import "./shared-store-git.js";
import "./shared-store-git-process.js";
import "./shared-store-inbox-refs.js";
import "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-store-read-bounds.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-store-cleanup.js";
import "./shared-runtime.js";
export {
  cloneAhead,
  cloneFrom,
  earlyFrom,
  earlyReports,
  keepingStdout,
  openClone,
  remoteQuestion,
  reportsQuestion,
  stepRemote
};
