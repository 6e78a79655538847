/**
 * `split-history-by: job-key` in a run: the test ids carry the job key, and hand overrides written for the ids
 * from before the split are pointed out instead of silently no longer applying (docs/matrix.md).
 */
import * as core from '@actions/core';
import type { ApplyResult } from './apply.ts';
import { shardOf, statsPath } from '../store/layout.ts';
import { commandText, logText } from '../text/escape.ts';
import { renderJobKey, splitTestId } from './job-key.ts';

const MAX_WARNINGS = 10;

/** Applies `split-history-by: job-key` to a run's tests (new objects; the input is not changed). */
export function splitTests<T extends { id: string }>(tests: T[], jobKey: string): T[] {
  const rendered = renderJobKey(jobKey);
  if (rendered === '') return tests;
  // The id as written (a cleaned id's, ADR 0446) is split alike, so that its history carries over to the split id.
  return tests.map((t) => {
    const written = (t as { written?: string }).written;
    return written === undefined ? { ...t, id: splitTestId(t.id, rendered) } : { ...t, id: splitTestId(t.id, rendered), written: splitTestId(written, rendered) };
  });
}

/**
 * The hand overrides that sit on the unsplit id of a test of this run (`pkg.T::a` for `pkg.T::a [os=windows]`):
 * they do not apply to the split id. Returns [unsplit id, its stats file, split id, its stats file].
 */
export function unsplitOverrides(testIds: string[], jobKey: string, applied: Pick<ApplyResult, 'decisions' | 'shards'>): Array<[string, string, string, string]> {
  const rendered = renderJobKey(jobKey);
  if (rendered === '') return [];
  const suffix = ` [${rendered}]`;
  const found: Array<[string, string, string, string]> = [];
  const fileOf = (id: string): string => statsPath(shardOf(id, applied.shards), applied.shards);
  for (const id of testIds) {
    if (!id.endsWith(suffix)) continue;
    const base = id.slice(0, -suffix.length);
    if (applied.decisions.get(base)?.override) found.push([base, fileOf(base), id, fileOf(id)]);
  }
  return found;
}

/** Warns about each override of `unsplitOverrides` (at most 10 warnings, then a count). Never throws. */
export function warnUnsplitOverrides(testIds: string[], jobKey: string, applied: Pick<ApplyResult, 'decisions' | 'shards'>): void {
  try {
    const found = unsplitOverrides(testIds, jobKey, applied);
    for (const [base, file, id, newFile] of found.slice(0, MAX_WARNINGS)) {
      core.warning(
        commandText(
          `The hand override of '${base}' in ${file} does not apply to '${id}': with split-history-by: job-key each matrix combination has its own test id. Copy the override to the line of '${id}' in ${newFile} (docs/matrix.md).`,
          1000,
        ),
        { title: 'flakeguard override not applied' },
      );
    }
    if (found.length > MAX_WARNINGS) core.warning(`${found.length - MAX_WARNINGS} more hand overrides sit on test ids from before split-history-by: job-key.`);
  } catch (error) {
    core.info(logText(`Could not check the hand overrides against the split test ids: ${error instanceof Error ? error.message : String(error)}`));
  }
}
