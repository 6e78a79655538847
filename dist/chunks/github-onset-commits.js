import {
  MAX_API_COMMITS,
  MAX_COMMITS,
  apiCommits,
  folderOf,
  rangeCommits,
  workspaceCommits
} from "./shared-github-onset-commits.js";
import "./shared-store-git-process.js";
import "./shared-github-client.js";
import "./shared-text-escape.js";
import "./shared-runtime.js";
export {
  MAX_API_COMMITS,
  MAX_COMMITS,
  apiCommits,
  folderOf,
  rangeCommits,
  workspaceCommits
};
