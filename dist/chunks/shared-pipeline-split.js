const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { readFile } = require("node:fs/promises");
import {
  renderJobKey,
  splitTestId
} from "./shared-pipeline-apply.js";
import {
  DEFAULT_POLICY
} from "./shared-scoring-multi-factor.js";
import {
  InputError
} from "./shared-config-inputs.js";
import {
  commandText,
  logText
} from "./shared-text-escape.js";
import {
  DEFAULT_RETENTION
} from "./shared-history-merge.js";
import {
  shardOf,
  statsPath
} from "./shared-store-layout.js";
import {
  info,
  warning
} from "./shared-actions-core.js";

// src/config/file.ts

// src/config/file-config.ts
var DEFAULT_FILE_CONFIG = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY };

// src/config/file.ts
async function loadFileConfig(path) {
  if (!path) return DEFAULT_FILE_CONFIG;
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new InputError(`Config file ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (await import("./config-file-parse.js")).parseFileConfig(text, path);
}

// src/pipeline/split.ts
var MAX_WARNINGS = 10;
function splitTests(tests, jobKey) {
  const rendered = renderJobKey(jobKey);
  if (rendered === "") return tests;
  return tests.map((t) => {
    const written = t.written;
    return written === void 0 ? { ...t, id: splitTestId(t.id, rendered) } : { ...t, id: splitTestId(t.id, rendered), written: splitTestId(written, rendered) };
  });
}
function unsplitOverrides(testIds, jobKey, applied) {
  const rendered = renderJobKey(jobKey);
  if (rendered === "") return [];
  const suffix = ` [${rendered}]`;
  const found = [];
  const fileOf = (id) => statsPath(shardOf(id, applied.shards), applied.shards);
  for (const id of testIds) {
    if (!id.endsWith(suffix)) continue;
    const base = id.slice(0, -suffix.length);
    if (applied.decisions.get(base)?.override) found.push([base, fileOf(base), id, fileOf(id)]);
  }
  return found;
}
function warnUnsplitOverrides(testIds, jobKey, applied) {
  try {
    const found = unsplitOverrides(testIds, jobKey, applied);
    for (const [base, file, id, newFile] of found.slice(0, MAX_WARNINGS)) {
      warning(
        commandText(
          `The hand override of '${base}' in ${file} does not apply to '${id}': with split-history-by: job-key each matrix combination has its own test id. Copy the override to the line of '${id}' in ${newFile} (docs/matrix.md).`,
          1e3
        ),
        { title: "flakeguard override not applied" }
      );
    }
    if (found.length > MAX_WARNINGS) warning(`${found.length - MAX_WARNINGS} more hand overrides sit on test ids from before split-history-by: job-key.`);
  } catch (error) {
    info(logText(`Could not check the hand overrides against the split test ids: ${error instanceof Error ? error.message : String(error)}`));
  }
}

export {
  loadFileConfig,
  splitTests,
  warnUnsplitOverrides
};
