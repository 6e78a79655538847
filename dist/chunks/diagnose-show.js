import {
  countsText,
  diagnosesMarkdown,
  diagnosisOfTest,
  diagnosisPlain,
  diagnosisSentence
} from "./shared-diagnose-rule.js";
import "./shared-diagnose-format.js";
import "./shared-text-escape.js";
import "./shared-store-decisions.js";
import "./shared-store-layout.js";
import "./shared-history-cell.js";
import "./shared-cost-index.js";
import "./shared-runtime.js";
export {
  countsText,
  diagnosesMarkdown,
  diagnosisOfTest,
  diagnosisPlain,
  diagnosisSentence
};
