/**
 * A check run whose conclusion matches the outcome, with one annotation per failed test sent 50 at a time (the
 * API's limit per request): the first batch with the creation, the others as updates (which append).
 *
 * Limits: at most MAX_CHECK_ANNOTATIONS annotations (blocking failures come first, so they are the last to be
 * left out), output summary and text at most 65,535 characters. A failed request stops the sending; what was not
 * sent is returned so that the caller can annotate it another way.
 */
import type { AnnotationSpec } from '../report/annotations.ts';
import { truncateBytes } from '../text/escape.ts';
import { describeApiError, requestOptions, type ApiFailure, type Octokit } from './client.ts';

export const ANNOTATIONS_PER_REQUEST = 50;
/** 20 requests: enough for every failure a person reads, and a small share of GITHUB_TOKEN's 1,000 requests an hour. */
export const MAX_CHECK_ANNOTATIONS = 1000;
/** The check run's output summary and text limit is 65,535 characters; counted in UTF-8 bytes to be safe. */
export const CHECK_TEXT_LIMIT = 65_535;

export interface CheckRunInput {
  owner: string;
  repo: string;
  headSha: string;
  name: string;
  conclusion: 'success' | 'failure';
  title: string;
  /** Markdown; cut at CHECK_TEXT_LIMIT if longer (render it under the limit: a cut may break a table). */
  summary: string;
  annotations: AnnotationSpec[];
  detailsUrl?: string;
}

export interface CheckRunResult {
  /** True once the check run exists (with its conclusion), even if later batches failed. */
  created: boolean;
  id?: number;
  url?: string;
  requests: number;
  /** Annotations GitHub accepted. */
  sent: number;
  /** Annotations that could have been sent but were not, because a request failed. */
  unsent: AnnotationSpec[];
  /** Annotations left out by MAX_CHECK_ANNOTATIONS. */
  overLimit: number;
  /** Annotations with no file to put them on (neither the test's file nor a workspace report path). */
  unplaceable: number;
  error?: ApiFailure;
}

type ApiAnnotation = {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning' | 'notice';
  title: string;
  message: string;
  raw_details?: string;
};

function toApi(a: AnnotationSpec): ApiAnnotation {
  const line = a.path ? (a.line ?? 1) : 1;
  return {
    path: (a.path ?? a.reportPath)!,
    start_line: line,
    end_line: line,
    annotation_level: a.level,
    title: a.title,
    message: a.message,
    ...(a.details ? { raw_details: a.details } : {}),
  };
}

export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function publishCheckRun(octokit: Octokit, input: CheckRunInput): Promise<CheckRunResult> {
  const placeable = input.annotations.filter((a) => a.path || a.reportPath);
  const chosen = placeable.slice(0, MAX_CHECK_ANNOTATIONS);
  const groups = batches(chosen, ANNOTATIONS_PER_REQUEST);
  const result: CheckRunResult = {
    created: false,
    requests: 0,
    sent: 0,
    unsent: [],
    overLimit: placeable.length - chosen.length,
    unplaceable: input.annotations.length - placeable.length,
  };
  const summary = truncateBytes(input.summary, CHECK_TEXT_LIMIT - 200);
  const output = {
    title: input.title.slice(0, 255),
    summary: summary.length < input.summary.length ? `${summary}\n\n_…cut at GitHub's limit for a check run._` : summary,
  };
  let next = 0;
  try {
    result.requests++;
    const created = await octokit.rest.checks.create({
      owner: input.owner,
      repo: input.repo,
      name: input.name,
      head_sha: input.headSha,
      status: 'completed',
      conclusion: input.conclusion,
      ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
      output: { ...output, annotations: (groups[0] ?? []).map(toApi) },
      ...requestOptions(),
    });
    result.created = true;
    result.id = created.data.id;
    result.url = created.data.html_url ?? undefined;
    result.sent += groups[0]?.length ?? 0;
    for (next = 1; next < groups.length; next++) {
      result.requests++;
      await octokit.rest.checks.update({
        owner: input.owner,
        repo: input.repo,
        check_run_id: result.id,
        output: { ...output, annotations: groups[next]!.map(toApi) },
        ...requestOptions(),
      });
      result.sent += groups[next]!.length;
    }
  } catch (error) {
    result.error = describeApiError(error);
    result.unsent = groups.slice(next).flat();
  }
  return result;
}
