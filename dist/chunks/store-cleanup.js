import {
  CLONE_PREFIX,
  cloneRoot,
  openClones,
  removeClonesOnSignals,
  removeOwnClonesSync,
  sweepStaleClones
} from "./shared-store-cleanup.js";
import "./shared-runtime.js";
export {
  CLONE_PREFIX,
  cloneRoot,
  openClones,
  removeClonesOnSignals,
  removeOwnClonesSync,
  sweepStaleClones
};
