/**
 * A check run whose conclusion matches the outcome, with the annotations sent 50 at a time (the API's limit
 * per request).
 */
import type { AnnotationSpec } from '../report/annotations.ts';
import { describeApiError, requestOptions, type ApiFailure, type Octokit } from './client.ts';

export const ANNOTATIONS_PER_REQUEST = 50;
/** The check run's output text limit is 65,535 characters. */
export const CHECK_TEXT_LIMIT = 65_535;

export interface CheckRunInput {
  owner: string;
  repo: string;
  headSha: string;
  name: string;
  conclusion: 'success' | 'failure';
  title: string;
  summary: string;
  annotations: AnnotationSpec[];
  detailsUrl?: string;
}

export type CheckRunResult = { ok: true; id: number; url?: string; requests: number } | ({ ok: false } & ApiFailure);

function toApi(a: AnnotationSpec) {
  return {
    path: a.path ?? '.github',
    start_line: a.line ?? 1,
    end_line: a.line ?? 1,
    annotation_level: a.level,
    title: a.title,
    message: a.message,
  };
}

export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function publishCheckRun(octokit: Octokit, input: CheckRunInput): Promise<CheckRunResult> {
  // Annotations without a file cannot be placed on a line; the summary lists those tests.
  const placed = input.annotations.filter((a) => a.path);
  const groups = batches(placed.map(toApi), ANNOTATIONS_PER_REQUEST);
  const summary = input.summary.length > CHECK_TEXT_LIMIT ? `${input.summary.slice(0, CHECK_TEXT_LIMIT - 100)}\n\n_…cut at GitHub's limit._` : input.summary;
  const output = { title: input.title.slice(0, 255), summary };
  let requests = 0;
  try {
    const created = await octokit.rest.checks.create({
      owner: input.owner,
      repo: input.repo,
      name: input.name,
      head_sha: input.headSha,
      status: 'completed',
      conclusion: input.conclusion,
      ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
      output: { ...output, annotations: groups[0] ?? [] },
      ...requestOptions(),
    });
    requests++;
    const id = created.data.id;
    for (const group of groups.slice(1)) {
      await octokit.rest.checks.update({
        owner: input.owner,
        repo: input.repo,
        check_run_id: id,
        output: { ...output, annotations: group },
        ...requestOptions(),
      });
      requests++;
    }
    return { ok: true, id, url: created.data.html_url ?? undefined, requests };
  } catch (error) {
    return { ok: false, ...describeApiError(error) };
  }
}
