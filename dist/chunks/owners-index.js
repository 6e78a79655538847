import {
  ownersOfTest,
  repositoryPath
} from "./shared-owners-index.js";
import {
  CODEOWNERS_LOCATIONS,
  CODEOWNERS_MAX_BYTES,
  compilePattern,
  findCodeowners,
  ownerText,
  ownersOf,
  parseCodeowners,
  parseOwner
} from "./shared-owners-codeowners.js";
import {
  ClassMapError,
  mapClassname,
  parseClassMap
} from "./shared-owners-classmap.js";
import "./shared-runtime.js";
export {
  CODEOWNERS_LOCATIONS,
  CODEOWNERS_MAX_BYTES,
  ClassMapError,
  compilePattern,
  findCodeowners,
  mapClassname,
  ownerText,
  ownersOf,
  ownersOfTest,
  parseClassMap,
  parseCodeowners,
  parseOwner,
  repositoryPath
};
