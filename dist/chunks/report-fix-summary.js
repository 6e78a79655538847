import {
  fixCommentItems,
  fixIssueComment,
  fixItems,
  fixSentence,
  renderFixSection
} from "./shared-report-fix-summary.js";
import "./shared-rerun-fix-plan.js";
import "./shared-text-escape.js";
import "./shared-runtime.js";
export {
  fixCommentItems,
  fixIssueComment,
  fixItems,
  fixSentence,
  renderFixSection
};
