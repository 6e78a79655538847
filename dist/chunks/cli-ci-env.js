import {
  actionEnv,
  ciFacts,
  detectCi,
  eventPayload,
  outcomeOfExitCode,
  repoFromUrl
} from "./shared-cli-ci-env.js";
import "./shared-runtime.js";
export {
  actionEnv,
  ciFacts,
  detectCi,
  eventPayload,
  outcomeOfExitCode,
  repoFromUrl
};
