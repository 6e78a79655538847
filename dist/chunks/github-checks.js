import {
  describeApiError,
  requestOptions
} from "./shared-github-client.js";
import {
  truncateBytes
} from "./shared-text-escape.js";
import "./shared-runtime.js";

// src/github/checks.ts
var ANNOTATIONS_PER_REQUEST = 50;
var MAX_CHECK_ANNOTATIONS = 1e3;
var CHECK_TEXT_LIMIT = 65535;
function toApi(a) {
  const line = a.path ? a.line ?? 1 : 1;
  return {
    path: a.path ?? a.reportPath,
    start_line: line,
    end_line: line,
    annotation_level: a.level,
    title: a.title,
    message: a.message,
    ...a.details ? { raw_details: a.details } : {}
  };
}
function batches(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
async function publishCheckRun(octokit, input) {
  const placeable = input.annotations.filter((a) => a.path || a.reportPath);
  const chosen = placeable.slice(0, MAX_CHECK_ANNOTATIONS);
  const groups = batches(chosen, ANNOTATIONS_PER_REQUEST);
  const result = {
    created: false,
    requests: 0,
    sent: 0,
    unsent: [],
    overLimit: placeable.length - chosen.length,
    unplaceable: input.annotations.length - placeable.length
  };
  const summary = truncateBytes(input.summary, CHECK_TEXT_LIMIT - 200);
  const output = {
    title: input.title.slice(0, 255),
    summary: summary.length < input.summary.length ? `${summary}

_\u2026cut at GitHub's limit for a check run._` : summary
  };
  let next = 0;
  try {
    result.requests++;
    const created = await octokit.rest.checks.create({
      owner: input.owner,
      repo: input.repo,
      name: input.name,
      head_sha: input.headSha,
      status: "completed",
      conclusion: input.conclusion,
      ...input.detailsUrl ? { details_url: input.detailsUrl } : {},
      output: { ...output, annotations: (groups[0] ?? []).map(toApi) },
      ...requestOptions()
    });
    result.created = true;
    result.id = created.data.id;
    result.url = created.data.html_url ?? void 0;
    result.sent += groups[0]?.length ?? 0;
    for (next = 1; next < groups.length; next++) {
      result.requests++;
      await octokit.rest.checks.update({
        owner: input.owner,
        repo: input.repo,
        check_run_id: result.id,
        output: { ...output, annotations: groups[next].map(toApi) },
        ...requestOptions()
      });
      result.sent += groups[next].length;
    }
  } catch (error) {
    result.error = describeApiError(error);
    result.unsent = groups.slice(next).flat();
  }
  return result;
}
export {
  ANNOTATIONS_PER_REQUEST,
  CHECK_TEXT_LIMIT,
  MAX_CHECK_ANNOTATIONS,
  batches,
  publishCheckRun
};
