import {
  CREDIBLE,
  MIN_BAYES_FACTOR,
  NO_CHANGE,
  changeSentence,
  latestChange,
  onsetOf,
  rateChanges,
  rateText
} from "./shared-onset-changepoint.js";
import "./shared-runtime.js";
export {
  CREDIBLE,
  MIN_BAYES_FACTOR,
  NO_CHANGE,
  changeSentence,
  latestChange,
  onsetOf,
  rateChanges,
  rateText
};
