import {
  findReports
} from "./shared-pipeline-find-reports.js";
import "./shared-runtime.js";
export {
  findReports
};
