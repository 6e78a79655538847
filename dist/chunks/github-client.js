import {
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ENV,
  createClient,
  describeApiError,
  openConnection,
  requestOptions,
  requestTimeoutMs
} from "./shared-github-client.js";
import "./shared-text-escape.js";
import "./shared-runtime.js";
export {
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ENV,
  createClient,
  describeApiError,
  openConnection,
  requestOptions,
  requestTimeoutMs
};
