import {
  decodeEntities,
  markdownToText,
  termLine
} from "./shared-cli-terminal.js";
import "./shared-text-escape.js";
import "./shared-runtime.js";
export {
  decodeEntities,
  markdownToText,
  termLine
};
