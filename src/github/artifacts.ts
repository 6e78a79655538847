/**
 * The Actions artifact service through `@actions/artifact`, loaded only by the modes that use it (a dynamic
 * import keeps it, and the Azure SDK it brings, off the common path's start-up).
 *
 * Downloads are never extracted by the library: the archive is saved as one file (`skipDecompress`), its size
 * is checked, and src/artifacts/zip.ts reads it in memory with its own limits.
 */
import { mkdir, mkdtemp, readdir, stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../config/inputs.ts';

export interface ListedArtifact {
  id: number;
  name: string;
  /** As the service reports it (set by the uploader; checked again after the download). */
  size: number;
}

/** Where the artifacts of another workflow run are found: GitHub's REST API, with a token that may read them. */
export interface FindBy {
  token: string;
  workflowRunId: number;
  repositoryOwner: string;
  repositoryName: string;
}

export class ArtifactSizeError extends Error {}

/** True when this process runs in a job that can upload and list its run's artifacts. */
export function artifactRuntimeAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL);
}

/**
 * The artifact service `@actions/artifact` v2 talks to exists on github.com and GHE.com, not on GitHub Enterprise
 * Server: there the library refuses every call (GHESNotSupportedError). Said as a clear error naming the server.
 */
export class ArtifactServiceUnavailable extends InputError {}

function unavailable(error: unknown): never {
  if (error instanceof Error && error.name === 'GHESNotSupportedError') {
    let host = process.env.GITHUB_SERVER_URL ?? '';
    try {
      host = new URL(host).host;
    } catch {
      // the variable as given
    }
    throw new ArtifactServiceUnavailable(
      `The Actions artifact service that flakeguard's upload, aggregate and ingest-workflow-run modes use is not available on GitHub Enterprise Server (${host.slice(0, 200)}): @actions/artifact v2 supports github.com and GHE.com only. On this server, save results with the default mode (a run that can push the data branch); see docs/forks.md.`,
    );
  }
  throw error;
}

async function client() {
  const module = await import('@actions/artifact');
  return module.default;
}

/** Uploads `files` (absolute paths under `root`) as one zipped artifact of this workflow run. */
export async function uploadArtifact(name: string, root: string, files: string[], retentionDays?: number): Promise<{ id?: number; size?: number }> {
  const artifacts = await client();
  const result = await artifacts.uploadArtifact(name, files, root, retentionDays ? { retentionDays } : {}).catch(unavailable);
  return { id: result.id, size: result.size };
}

/** Artifacts of this workflow run (every attempt), or of another run with `findBy`. */
export async function listArtifacts(findBy?: FindBy): Promise<ListedArtifact[]> {
  const artifacts = await client();
  const { artifacts: list } = await artifacts.listArtifacts(findBy ? { findBy } : {}).catch(unavailable);
  return list.map((a) => ({ id: a.id, name: a.name, size: a.size }));
}

/**
 * Downloads one artifact's archive, unextracted, into a fresh folder under `tempRoot`, and returns its bytes.
 * Refuses before downloading when the listed size is over `maxBytes`, and after when the file is.
 */
export async function downloadArtifactBytes(artifact: ListedArtifact, tempRoot: string, maxBytes: number, findBy?: FindBy): Promise<Buffer> {
  if (artifact.size > maxBytes) throw new ArtifactSizeError(`the artifact is ${artifact.size} bytes; the limit is ${maxBytes}`);
  await mkdir(tempRoot, { recursive: true });
  const dir = await mkdtemp(join(tempRoot, 'artifact-'));
  const artifacts = await client();
  await artifacts.downloadArtifact(artifact.id, { path: dir, skipDecompress: true, ...(findBy ? { findBy } : {}) }).catch(unavailable);
  const entries = await readdir(dir);
  if (entries.length !== 1) throw new Error(`expected one downloaded file, found ${entries.length}`);
  const file = join(dir, entries[0]!);
  const info = await stat(file);
  if (!info.isFile()) throw new Error('the download is not a file');
  if (info.size > maxBytes) throw new ArtifactSizeError(`the downloaded archive is ${info.size} bytes; the limit is ${maxBytes}`);
  return readFile(file);
}
