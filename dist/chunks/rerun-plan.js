import {
  EXTEND_FACTOR,
  answerKey,
  blockingAfterReruns,
  combineParts,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  setAside,
  startRerun,
  stopRerun
} from "./shared-rerun-plan.js";
import "./shared-rerun-stopping.js";
import "./shared-model.js";
import "./shared-runtime.js";
export {
  EXTEND_FACTOR,
  answerKey,
  blockingAfterReruns,
  combineParts,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  setAside,
  startRerun,
  stopRerun
};
