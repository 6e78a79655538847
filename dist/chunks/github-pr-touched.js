import {
  changedFiles,
  touchedBy,
  touchedQuarantines
} from "./shared-github-pr-touched.js";
import "./shared-owners-index.js";
import "./shared-owners-codeowners.js";
import "./shared-store-git-process.js";
import "./shared-owners-classmap.js";
import "./shared-runtime.js";
export {
  changedFiles,
  touchedBy,
  touchedQuarantines
};
