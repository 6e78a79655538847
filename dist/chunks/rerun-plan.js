import {
  EXTEND_FACTOR,
  answerKey,
  blockingAfterReruns,
  blockingStreaks,
  combineParts,
  executionsWanted,
  exhaustedSentence,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  roundGroups,
  setAside,
  startRerun,
  startsIn,
  stopRerun,
  unreproducedSentence
} from "./shared-rerun-plan.js";
import "./shared-rerun-stopping.js";
import "./shared-model.js";
import "./shared-runtime.js";
export {
  EXTEND_FACTOR,
  answerKey,
  blockingAfterReruns,
  blockingStreaks,
  combineParts,
  executionsWanted,
  exhaustedSentence,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  roundGroups,
  setAside,
  startRerun,
  startsIn,
  stopRerun,
  unreproducedSentence
};
