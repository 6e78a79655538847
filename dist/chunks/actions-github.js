import {
  context,
  getOctokit
} from "./shared-octokit-plugin-rest-endpoint-methods.js";
import "./shared-undici.js";
import "./shared-runtime.js";
export {
  context,
  getOctokit
};
