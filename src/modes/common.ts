/**
 * What the upload, aggregate and ingest modes share: reading inputs and reports like the default mode, the data
 * branch's remote, collecting shards from artifacts, and one write of the data branch for all of them.
 */
import * as core from '@actions/core';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { InputError, inputsFromEnv, readInputs, type Inputs } from '../config/inputs.ts';
import type { GitHubContext } from '../config/context.ts';
import type { FileConfig } from '../config/file.ts';
import { normalizeErrorMessage } from '../history/error-message.ts';
import { statsScores } from '../pipeline/stats-scores.ts';
import { DataRepo } from '../store/git.ts';
import { dataRemote } from '../config/remote.ts';
import { dashboardFiles } from '../dashboard/branch-files.ts';
import { BADGE_FILE, badgeCounts, badgeText } from '../report/badge.ts';
import { syncRun, type SyncResult } from '../store/sync.ts';
import type { ClosedByHandLookup } from '../policy/hand-close.ts';
import { commandText, logText } from '../text/escape.ts';
import { ARTIFACT_PREFIX, BundleError, readBundle } from '../artifacts/bundle.ts';
import { DEFAULT_ZIP_LIMITS } from '../artifacts/zip.ts';
import { admitParcel, foldParcels, runParcel } from '../pipeline/fold.ts';
import { clusterFiles } from '../pipeline/clusters-file.ts';
import { keptDiagnosesFile } from '../diagnose/kept.ts';
import { clockWarner } from '../pipeline/job.ts';
import { inboxProvenance } from '../github/runs.ts';
import { MAX_UNTRUSTED_ARTIFACTS } from '../history/trust.ts';
import { applyShards, shardFromBundle, shardParcel, type ApplyShardsInput, type Shard, type ShardsApplied, type TrustedRun } from '../pipeline/shards.ts';
import type { FindBy, ListedArtifact } from '../github/artifacts.ts';

/** At most this many flakeguard artifacts are read from one workflow run. */
export const MAX_ARTIFACTS = 256;
/** Uncompressed bytes of all artifacts of one ingestion together. */
export const MAX_INGESTED_BYTES = 512 * 1024 * 1024;

/** The action's inputs; `reports` may be left out in the modes that read no report. */
export function readModeActionInputs(env: NodeJS.ProcessEnv, reportsNeeded: boolean): Inputs {
  const get = inputsFromEnv(env);
  return readInputs((name) => (name === 'reports' && !reportsNeeded && get(name) === '' ? '(not used in this mode)' : get(name)));
}

export function secretInputs(inputs: Inputs, register: (secret: string) => void): void {
  for (const secret of [inputs.token, inputs.inboxKey]) {
    if (!secret) continue;
    core.setSecret(secret);
    register(secret);
  }
}

export function tempRoot(ctx: GitHubContext): string {
  return join(ctx.runnerTemp || tmpdir(), 'flakeguard');
}

export interface Collected {
  shards: Shard[];
  /** Artifacts that could not be used, with why. */
  refused: Array<{ artifact: string; reason: string }>;
}

/**
 * Downloads and reads every flakeguard artifact of a run (of this run, or of another with `findBy`). An
 * artifact that is too large, not a safe archive, or whose files do not parse is refused; the others are used.
 */
export async function collectShards(options: { trusted: TrustedRun; split: boolean; ctx: GitHubContext; findBy?: FindBy }): Promise<Collected> {
  const { listArtifacts, downloadArtifactBytes, ArtifactSizeError } = await import('../github/artifacts.ts');
  const listed = (await listArtifacts(options.findBy)).filter((a) => a.name.startsWith(ARTIFACT_PREFIX));
  const refused: Collected['refused'] = [];
  const shards: Shard[] = [];
  const ours: ListedArtifact[] = [...listed].sort((a, b) => a.id - b.id);
  // Another run's artifacts (ingest-workflow-run) are untrusted: fewer of them are read (src/history/trust.ts).
  const untrusted = options.findBy !== undefined;
  const max = untrusted ? MAX_UNTRUSTED_ARTIFACTS : MAX_ARTIFACTS;
  if (ours.length > max) {
    for (const a of ours.slice(max)) refused.push({ artifact: a.name, reason: `more than ${max} flakeguard artifacts in one ${untrusted ? 'untrusted ' : ''}run` });
  }
  let budget = MAX_INGESTED_BYTES;
  for (const artifact of ours.slice(0, max)) {
    if (budget <= 0) {
      refused.push({ artifact: artifact.name, reason: `the artifacts of this run hold more than ${MAX_INGESTED_BYTES} bytes in all` });
      continue;
    }
    try {
      const bytes = await downloadArtifactBytes(artifact, join(tempRoot(options.ctx), 'downloads'), DEFAULT_ZIP_LIMITS.maxArchiveBytes, options.findBy);
      const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: Math.min(DEFAULT_ZIP_LIMITS.maxTotalBytes, budget) };
      const bundle = readBundle(bytes, limits);
      budget -= bundle.bytes;
      shards.push(shardFromBundle(bundle, options.trusted, { split: options.split, artifact: artifact.name, untrusted }));
      core.info(logText(`Artifact ${artifact.name}: ${bundle.results.tests.length} tests.`));
    } catch (error) {
      const reason = error instanceof BundleError || error instanceof ArtifactSizeError ? error.message : `could not be downloaded or read: ${error instanceof Error ? error.message : String(error)}`;
      refused.push({ artifact: artifact.name, reason });
    }
  }
  return { shards, refused };
}

export interface IngestOptions {
  inputs: Inputs;
  ctx: GitHubContext;
  config: FileConfig;
  shards: Shard[];
  extraReasons: string[];
  readOnly: boolean;
  now: number;
  closedByHand?: ClosedByHandLookup;
  issueOf?: ApplyShardsInput['issueOf'];
  commitMessage: string;
}

/** One fetch–apply–push of the data branch for all shards (retrying like the default mode). */
export async function ingestShards(o: IngestOptions): Promise<SyncResult<ShardsApplied>> {
  return core.group(`Updating the data branch '${o.inputs.dataBranch}'`, async () => {
    const remote = await dataRemote(o.inputs, o.ctx);
    const repo = await DataRepo.open(remote, o.inputs.dataBranch, o.inputs.token, o.ctx.runnerTemp || undefined);
    try {
      // Scores as of the newest shard's time (not the clock): ingesting the same results again changes nothing.
      const options = { ...o.config, normalise: normalizeErrorMessage, scoreTests: statsScores(Math.max(...o.shards.map((s) => s.run.time)), o.config.policy.rules.scoring) };
      const warnClock = clockWarner();
      const provenance = inboxProvenance(o.inputs, o.ctx);
      const sync = await syncRun(repo, (snapshot) => applyShards({ snapshot, shards: o.shards, now: o.now, extraReasons: o.extraReasons, closedByHand: o.closedByHand, issueOf: o.issueOf }, options), {
        attempts: o.inputs.pushAttempts,
        readOnly: o.readOnly,
        commitMessage: o.commitMessage,
        log: (m) => core.info(logText(m)),
        warn: (m) => core.warning(commandText(m, 1000)),
        extraFiles: async (current, applied) => {
          const files = (await dashboardFiles(current, { workspace: o.ctx.workspace, classMap: o.inputs.codeownersMap })).set(BADGE_FILE, badgeText(badgeCounts(applied, o.now)));
          for (const [path, text] of clusterFiles(current, applied, (m) => core.warning(commandText(m, 1000)))) files.set(path, text);
          for (const [path, text] of keptDiagnosesFile(current)) files.set(path, text);
          return files;
        },
        releaseTexts: true,
        inbox: {
          parcel: (applied) => runParcel(o.shards[0]!.run, shardParcel(o.shards, applied), Date.now(), provenance.seal),
          admit: (parcel) => admitParcel(parcel, provenance),
          fold: (snapshot, parcels) => foldParcels(snapshot, parcels, options, o.now, warnClock),
        },
      });
      for (const note of sync.applied.clockNotes) warnClock(note);
      return sync;
    } finally {
      await repo.dispose();
    }
  });
}

export function requireArtifactRuntime(env: NodeJS.ProcessEnv, mode: string, available: boolean): void {
  if (!available) {
    throw new InputError(
      `mode: ${mode} needs the Actions artifact service (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL, which the runner gives to actions); they are not set${env.GITHUB_ACTIONS === 'true' ? '' : ': this does not look like a GitHub Actions runner'}.`,
    );
  }
}
