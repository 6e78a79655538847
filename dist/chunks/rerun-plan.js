import {
  EXTEND_FACTOR,
  answerKey,
  blockingAfterReruns,
  blockingStreaks,
  combineParts,
  exhaustedSentence,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  setAside,
  startRerun,
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
  exhaustedSentence,
  finishRerun,
  orderCandidates,
  ranIn,
  recordRound,
  rerunTestOf,
  rerunTestsJsonl,
  roundCases,
  setAside,
  startRerun,
  stopRerun,
  unreproducedSentence
};
