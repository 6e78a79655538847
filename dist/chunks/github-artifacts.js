const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);
const { mkdir, mkdtemp, readdir, stat, readFile } = require("node:fs/promises");
const { join } = require("node:path");
import {
  InputError
} from "./shared-config-inputs.js";
import "./shared-owners-classmap.js";
import "./shared-cost-index.js";
import "./shared-runtime.js";

// src/github/artifacts.ts
var ArtifactSizeError = class extends Error {
};
function artifactRuntimeAvailable(env = process.env) {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL);
}
var ArtifactServiceUnavailable = class extends InputError {
};
function unavailable(error) {
  if (error instanceof Error && error.name === "GHESNotSupportedError") {
    let host = process.env.GITHUB_SERVER_URL ?? "";
    try {
      host = new URL(host).host;
    } catch {
    }
    throw new ArtifactServiceUnavailable(
      `The Actions artifact service that flakeguard's upload, aggregate and ingest-workflow-run modes use is not available on GitHub Enterprise Server (${host.slice(0, 200)}): @actions/artifact v2 supports github.com and GHE.com only. On this server, save results with the default mode (a run that can push the data branch); see docs/forks.md.`
    );
  }
  throw error;
}
async function client() {
  const module = await import("./actions-artifact.js");
  return module.default;
}
async function uploadArtifact(name, root, files, retentionDays) {
  const artifacts = await client();
  const result = await artifacts.uploadArtifact(name, files, root, retentionDays ? { retentionDays } : {}).catch(unavailable);
  return { id: result.id, size: result.size };
}
async function listArtifacts(findBy) {
  const artifacts = await client();
  const { artifacts: list } = await artifacts.listArtifacts(findBy ? { findBy } : {}).catch(unavailable);
  return list.map((a) => ({ id: a.id, name: a.name, size: a.size }));
}
async function downloadArtifactBytes(artifact, tempRoot, maxBytes, findBy) {
  if (artifact.size > maxBytes) throw new ArtifactSizeError(`the artifact is ${artifact.size} bytes; the limit is ${maxBytes}`);
  await mkdir(tempRoot, { recursive: true });
  const dir = await mkdtemp(join(tempRoot, "artifact-"));
  const artifacts = await client();
  await artifacts.downloadArtifact(artifact.id, { path: dir, skipDecompress: true, ...findBy ? { findBy } : {} }).catch(unavailable);
  const entries = await readdir(dir);
  if (entries.length !== 1) throw new Error(`expected one downloaded file, found ${entries.length}`);
  const file = join(dir, entries[0]);
  const info = await stat(file);
  if (!info.isFile()) throw new Error("the download is not a file");
  if (info.size > maxBytes) throw new ArtifactSizeError(`the downloaded archive is ${info.size} bytes; the limit is ${maxBytes}`);
  return readFile(file);
}
export {
  ArtifactServiceUnavailable,
  ArtifactSizeError,
  artifactRuntimeAvailable,
  downloadArtifactBytes,
  listArtifacts,
  uploadArtifact
};
