/**
 * Behaviour of the operations the fake implements, keyed by OpenAPI operationId. Requests reaching a
 * handler have already passed schema validation, so handlers only guard against what the schema allows.
 */
import { matches, parseQuery } from './search.ts';
import {
  findLabel,
  now,
  renderAnnotation,
  renderArtifact,
  renderCheckRun,
  renderComment,
  renderIssue,
  renderLabel,
  renderRateLimit,
  renderRepository,
  renderCommit,
  renderFile,
  renderWorkflowRun,
  renderWorkflowJobs,
  renderPullRequest,
  renderPullRequestFull,
  type AnnotationRecord,
  type CheckConclusion,
  type CheckStatus,
  type FakeState,
  type IssueRecord,
  type RenderCtx,
  type StateReason,
  type Store,
} from './state.ts';

export interface HandlerCtx {
  params: Record<string, unknown>;
  /** Coerced query (integers are numbers). */
  query: Record<string, unknown>;
  /** Query exactly as received. */
  rawQuery: Record<string, string>;
  pathname: string;
  body: unknown;
  state: FakeState;
  store: Store;
  render: RenderCtx;
  /** Issues created through the API become searchable at this time (epoch ms); see searchIndexLagMs. */
  searchableAt: Map<number, number>;
  /** The fake's clock (ms since the epoch); see StartOptions.clock. */
  now: () => number;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (ctx: HandlerCtx) => HandlerResult;
type Obj = Record<string, unknown>;

const DOCS = 'https://docs.github.com/rest';

export const notFound = (message = 'Not Found'): HandlerResult => ({
  status: 404,
  body: { message, documentation_url: DOCS, status: '404' },
});

export const validationFailed = (errors: Obj[], message = 'Validation Failed'): HandlerResult => ({
  status: 422,
  body: { message, errors, documentation_url: DOCS, status: '422' },
});

const int = (x: unknown, dflt: number): number => (typeof x === 'number' && Number.isFinite(x) ? Math.trunc(x) : dflt);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const obj = (x: unknown): Obj => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Obj) : {});

/** GitHub-style pagination: per_page (default 30, max 100), page (1-based), Link header. */
function paginate<T>(ctx: HandlerCtx, items: T[], maxPerPage = 100): { page: T[]; headers: Record<string, string> } {
  const per = Math.min(Math.max(int(ctx.query['per_page'], 30), 1), maxPerPage);
  const page = Math.max(int(ctx.query['page'], 1), 1);
  const last = Math.max(1, Math.ceil(items.length / per));
  const link = (p: number, rel: string) => {
    const q = new URLSearchParams({ ...ctx.rawQuery, page: String(p) });
    return `<${ctx.render.api}${ctx.pathname}?${q.toString()}>; rel="${rel}"`;
  };
  const rels: string[] = [];
  if (page > 1) rels.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) rels.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) rels.push(link(1, 'first'));
  return { page: items.slice((page - 1) * per, page * per), headers: rels.length > 0 ? { link: rels.join(', ') } : {} };
}

function sortIssues(issues: IssueRecord[], sortKey: string | undefined, desc: boolean, comments?: (i: IssueRecord) => number): IssueRecord[] {
  const key = (i: IssueRecord): number | string => {
    if (sortKey === 'updated') return i.updated_at;
    if (sortKey === 'comments') return comments ? comments(i) : 0;
    return i.created_at;
  };
  return [...issues].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : a.number - b.number;
    return desc ? -c : c;
  });
}

const commentCount = (state: FakeState) => (i: IssueRecord) => state.comments.filter((c) => c.issue_number === i.number).length;

function labelNamesFrom(x: unknown): string[] {
  const list = Array.isArray(x) ? x : Array.isArray(obj(x)['labels']) ? (obj(x)['labels'] as unknown[]) : [];
  return list.map((l) => (typeof l === 'string' ? l : str(obj(l)['name']))).filter((l): l is string => typeof l === 'string');
}

function findIssue(ctx: HandlerCtx): IssueRecord | undefined {
  const n = int(ctx.params['issue_number'], -1);
  return ctx.state.issues.find((i) => i.number === n);
}

// ---------------------------------------------------------------------------------------------
// Check runs

function storeAnnotations(list: unknown): AnnotationRecord[] {
  return Array.isArray(list) ? list.map((a) => ({ ...(a as AnnotationRecord) })) : [];
}

const checksCreate: Handler = (ctx) => {
  const b = obj(ctx.body);
  const output = b['output'] === undefined ? undefined : obj(b['output']);
  const conclusion = (str(b['conclusion']) as CheckConclusion | undefined) ?? null;
  const status: CheckStatus = conclusion ? 'completed' : ((str(b['status']) as CheckStatus | undefined) ?? 'queued');
  const annotations = storeAnnotations(output?.['annotations']);
  const rec = ctx.store.addCheckRun({
    name: str(b['name'])!,
    head_sha: str(b['head_sha'])!,
    status,
    conclusion,
    started_at: str(b['started_at']) ?? now(),
    completed_at: str(b['completed_at']) ?? (status === 'completed' ? now() : null),
    details_url: str(b['details_url']) ?? null,
    external_id: str(b['external_id']) ?? null,
    output: {
      title: str(output?.['title']) ?? null,
      summary: str(output?.['summary']) ?? null,
      text: str(output?.['text']) ?? null,
      annotations,
      images: Array.isArray(output?.['images']) ? [...(output['images'] as unknown[])] : [],
    },
    actions: Array.isArray(b['actions']) ? [...(b['actions'] as unknown[])] : [],
    annotationBatches: annotations.length > 0 ? [annotations.length] : [],
  });
  return { status: 201, body: renderCheckRun(ctx.render, rec) };
};

function findCheckRun(ctx: HandlerCtx) {
  const id = int(ctx.params['check_run_id'], -1);
  return ctx.state.checkRuns.find((c) => c.id === id);
}

const checksUpdate: Handler = (ctx) => {
  const rec = findCheckRun(ctx);
  if (!rec) return notFound();
  const b = obj(ctx.body);
  if (typeof b['name'] === 'string') rec.name = b['name'];
  if (typeof b['details_url'] === 'string') rec.details_url = b['details_url'];
  if (typeof b['external_id'] === 'string') rec.external_id = b['external_id'];
  if (typeof b['started_at'] === 'string') rec.started_at = b['started_at'];
  if (typeof b['status'] === 'string') rec.status = b['status'] as CheckStatus;
  if (typeof b['conclusion'] === 'string') {
    rec.conclusion = b['conclusion'] as CheckConclusion;
    rec.status = 'completed';
  }
  if (typeof b['completed_at'] === 'string') rec.completed_at = b['completed_at'];
  else if (rec.status === 'completed' && !rec.completed_at) rec.completed_at = now();
  if (b['output'] !== undefined) {
    const o = obj(b['output']);
    if (typeof o['title'] === 'string') rec.output.title = o['title'];
    if (typeof o['summary'] === 'string') rec.output.summary = o['summary'];
    if (typeof o['text'] === 'string') rec.output.text = o['text'];
    const added = storeAnnotations(o['annotations']);
    if (added.length > 0) {
      rec.output.annotations.push(...added);
      rec.annotationBatches.push(added.length);
    }
    if (Array.isArray(o['images'])) rec.output.images.push(...(o['images'] as unknown[]));
  }
  if (Array.isArray(b['actions'])) rec.actions = [...(b['actions'] as unknown[])];
  return { status: 200, body: renderCheckRun(ctx.render, rec) };
};

const checksGet: Handler = (ctx) => {
  const rec = findCheckRun(ctx);
  return rec ? { status: 200, body: renderCheckRun(ctx.render, rec) } : notFound();
};

const checksListAnnotations: Handler = (ctx) => {
  const rec = findCheckRun(ctx);
  if (!rec) return notFound();
  const { page, headers } = paginate(ctx, rec.output.annotations);
  return { status: 200, body: page.map((a) => renderAnnotation(ctx.render, rec, a)), headers };
};

const checksListForRef: Handler = (ctx) => {
  const ref = String(ctx.params['ref']);
  const sha = ref === ctx.state.default_branch || ref === `heads/${ctx.state.default_branch}` ? undefined : ref;
  let runs = ctx.state.checkRuns.filter((c) => sha === undefined || c.head_sha === sha);
  const name = str(ctx.query['check_name']);
  if (name !== undefined) runs = runs.filter((c) => c.name === name);
  const status = str(ctx.query['status']);
  if (status !== undefined) runs = runs.filter((c) => c.status === status);
  runs = [...runs].sort((a, b) => b.id - a.id);
  if ((str(ctx.query['filter']) ?? 'latest') === 'latest') {
    const seen = new Set<string>();
    runs = runs.filter((c) => (seen.has(c.name) ? false : (seen.add(c.name), true)));
  }
  const { page, headers } = paginate(ctx, runs);
  return { status: 200, body: { total_count: runs.length, check_runs: page.map((c) => renderCheckRun(ctx.render, c)) }, headers };
};

// ---------------------------------------------------------------------------------------------
// Issues

const issuesCreate: Handler = (ctx) => {
  const b = obj(ctx.body);
  const assignees = [
    ...(typeof b['assignee'] === 'string' ? [b['assignee']] : []),
    ...(Array.isArray(b['assignees']) ? (b['assignees'] as unknown[]).filter((a): a is string => typeof a === 'string') : []),
  ];
  const rec = ctx.store.addIssue({
    title: String(b['title']),
    body: str(b['body']) ?? null,
    labels: labelNamesFrom(b['labels']),
    assignees: [...new Set(assignees)],
  });
  ctx.searchableAt.set(rec.id, ctx.now());
  return {
    status: 201,
    body: renderIssue(ctx.render, rec),
    headers: { location: `${ctx.render.api}/repos/${ctx.state.owner}/${ctx.state.repo}/issues/${rec.number}` },
  };
};

const issuesGet: Handler = (ctx) => {
  const rec = findIssue(ctx);
  return rec ? { status: 200, body: renderIssue(ctx.render, rec) } : notFound();
};

const issuesUpdate: Handler = (ctx) => {
  const rec = findIssue(ctx);
  if (!rec) return notFound();
  const b = obj(ctx.body);
  const t = now();
  if (typeof b['title'] === 'string' || typeof b['title'] === 'number') rec.title = String(b['title']);
  if (typeof b['body'] === 'string' || b['body'] === null) rec.body = b['body'];
  if (b['labels'] !== undefined) rec.labels = ctx.store.labelNames(labelNamesFrom(b['labels']));
  if (b['assignees'] !== undefined) {
    rec.assignees = (b['assignees'] as unknown[]).map((a) => (typeof a === 'string' ? a : (str(obj(a)['login']) ?? ''))).filter((a) => a !== '');
  } else if (b['assignee'] !== undefined) {
    rec.assignees = typeof b['assignee'] === 'string' ? [b['assignee']] : [];
  }
  const reason = b['state_reason'] as StateReason | null | undefined;
  if (b['state'] === 'closed' && rec.state !== 'closed') {
    rec.state = 'closed';
    rec.closed_at = t;
    rec.closed_by = ctx.state.actor;
    rec.state_reason = reason ?? 'completed';
  } else if (b['state'] === 'open' && rec.state !== 'open') {
    rec.state = 'open';
    rec.closed_at = null;
    rec.closed_by = null;
    rec.state_reason = 'reopened';
  } else if (reason !== undefined) {
    rec.state_reason = reason;
  }
  rec.updated_at = t;
  return { status: 200, body: renderIssue(ctx.render, rec) };
};

const issuesListForRepo: Handler = (ctx) => {
  const q = ctx.query;
  const state = str(q['state']) ?? 'open';
  let issues = ctx.state.issues.filter((i) => state === 'all' || i.state === state);
  const labels = str(q['labels']);
  if (labels !== undefined && labels !== '') {
    const wanted = labels
      .split(',')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l !== '');
    issues = issues.filter((i) => wanted.every((w) => i.labels.some((l) => l.toLowerCase() === w)));
  }
  const creator = str(q['creator']);
  if (creator !== undefined) issues = issues.filter((i) => i.user.toLowerCase() === creator.toLowerCase());
  const assignee = str(q['assignee']);
  if (assignee === 'none') issues = issues.filter((i) => i.assignees.length === 0);
  else if (assignee === '*') issues = issues.filter((i) => i.assignees.length > 0);
  else if (assignee !== undefined) issues = issues.filter((i) => i.assignees.some((a) => a.toLowerCase() === assignee.toLowerCase()));
  const since = str(q['since']);
  if (since !== undefined) issues = issues.filter((i) => Date.parse(i.updated_at) >= Date.parse(since));
  issues = sortIssues(issues, str(q['sort']), (str(q['direction']) ?? 'desc') === 'desc', commentCount(ctx.state));
  const { page, headers } = paginate(ctx, issues);
  return { status: 200, body: page.map((i) => renderIssue(ctx.render, i)), headers };
};

const searchIssues: Handler = (ctx) => {
  const parsed = parseQuery(String(ctx.query['q'] ?? ''));
  const full = `${ctx.state.owner}/${ctx.state.repo}`;
  const t = ctx.now();
  let found = ctx.state.issues.filter((i) => (ctx.searchableAt.get(i.id) ?? 0) <= t && matches(parsed, i, ctx.state.comments, full));
  const sort = str(ctx.query['sort']);
  found = sortIssues(found, sort === 'updated' || sort === 'comments' ? sort : 'created', (str(ctx.query['order']) ?? 'desc') === 'desc', commentCount(ctx.state));
  const { page, headers } = paginate(ctx, found);
  return {
    status: 200,
    body: {
      total_count: found.length,
      incomplete_results: false,
      // `items` must be the first key after these two: @octokit/plugin-paginate-rest takes the first
      // remaining key as the list. `search_type` is required by the current spec; it goes last.
      items: page.map((i) => ({ ...renderIssue(ctx.render, i), score: 1 })),
      search_type: 'lexical',
    },
    headers,
  };
};

// ---------------------------------------------------------------------------------------------
// Comments

const commentsList: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  let list = ctx.state.comments.filter((c) => c.issue_number === issue.number);
  const since = str(ctx.query['since']);
  if (since !== undefined) list = list.filter((c) => Date.parse(c.updated_at) >= Date.parse(since));
  list = [...list].sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));
  const { page, headers } = paginate(ctx, list);
  return { status: 200, body: page.map((c) => renderComment(ctx.render, c)), headers };
};

const commentsCreate: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  const rec = ctx.store.addComment({ issue_number: issue.number, body: String(obj(ctx.body)['body']) });
  issue.updated_at = rec.created_at;
  return {
    status: 201,
    body: renderComment(ctx.render, rec),
    headers: { location: `${ctx.render.api}/repos/${ctx.state.owner}/${ctx.state.repo}/issues/comments/${rec.id}` },
  };
};

function findComment(ctx: HandlerCtx) {
  const id = int(ctx.params['comment_id'], -1);
  return ctx.state.comments.find((c) => c.id === id);
}

const commentsGet: Handler = (ctx) => {
  const rec = findComment(ctx);
  return rec ? { status: 200, body: renderComment(ctx.render, rec) } : notFound();
};

const commentsUpdate: Handler = (ctx) => {
  const rec = findComment(ctx);
  if (!rec) return notFound();
  rec.body = String(obj(ctx.body)['body']);
  rec.updated_at = now();
  return { status: 200, body: renderComment(ctx.render, rec) };
};

const commentsDelete: Handler = (ctx) => {
  const rec = findComment(ctx);
  if (!rec) return notFound();
  ctx.state.comments.splice(ctx.state.comments.indexOf(rec), 1);
  return { status: 204 };
};

// ---------------------------------------------------------------------------------------------
// Labels

const labelsGet: Handler = (ctx) => {
  const l = findLabel(ctx.state, String(ctx.params['name']));
  return l ? { status: 200, body: renderLabel(ctx.render, l) } : notFound();
};

const labelsList: Handler = (ctx) => {
  const { page, headers } = paginate(ctx, ctx.state.labels);
  return { status: 200, body: page.map((l) => renderLabel(ctx.render, l)), headers };
};

const labelsCreate: Handler = (ctx) => {
  const b = obj(ctx.body);
  const name = String(b['name']);
  if (findLabel(ctx.state, name)) return validationFailed([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
  const rec = ctx.store.addLabel({
    name,
    ...(typeof b['color'] === 'string' ? { color: b['color'].toLowerCase() } : {}),
    ...(typeof b['description'] === 'string' ? { description: b['description'] } : {}),
  });
  return {
    status: 201,
    body: renderLabel(ctx.render, rec),
    headers: { location: `${ctx.render.api}/repos/${ctx.state.owner}/${ctx.state.repo}/labels/${encodeURIComponent(rec.name)}` },
  };
};

const labelsUpdate: Handler = (ctx) => {
  const l = findLabel(ctx.state, String(ctx.params['name']));
  if (!l) return notFound();
  const b = obj(ctx.body);
  if (typeof b['new_name'] === 'string' && b['new_name'] !== l.name) {
    const clash = findLabel(ctx.state, b['new_name']);
    if (clash && clash !== l) return validationFailed([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    const old = l.name;
    l.name = b['new_name'];
    for (const i of ctx.state.issues) i.labels = i.labels.map((n) => (n === old ? l.name : n));
  }
  if (typeof b['color'] === 'string') l.color = b['color'].toLowerCase();
  if (typeof b['description'] === 'string') l.description = b['description'];
  return { status: 200, body: renderLabel(ctx.render, l) };
};

const labelsDelete: Handler = (ctx) => {
  const l = findLabel(ctx.state, String(ctx.params['name']));
  if (!l) return notFound();
  ctx.state.labels.splice(ctx.state.labels.indexOf(l), 1);
  for (const i of ctx.state.issues) i.labels = i.labels.filter((n) => n !== l.name);
  return { status: 204 };
};

const issueLabels = (ctx: HandlerCtx, issue: IssueRecord): HandlerResult => ({
  status: 200,
  body: issue.labels
    .map((n) => findLabel(ctx.state, n))
    .filter((l) => l !== undefined)
    .map((l) => renderLabel(ctx.render, l)),
});

const issueLabelsList: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  const labels = issue.labels.map((n) => findLabel(ctx.state, n)).filter((l) => l !== undefined);
  const { page, headers } = paginate(ctx, labels);
  return { status: 200, body: page.map((l) => renderLabel(ctx.render, l)), headers };
};

const issueLabelsAdd: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  issue.labels = ctx.store.labelNames([...issue.labels, ...labelNamesFrom(ctx.body)]);
  issue.updated_at = now();
  return issueLabels(ctx, issue);
};

const issueLabelsSet: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  issue.labels = ctx.store.labelNames(labelNamesFrom(ctx.body));
  issue.updated_at = now();
  return issueLabels(ctx, issue);
};

const issueLabelsRemove: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  const name = String(ctx.params['name']).toLowerCase();
  const idx = issue.labels.findIndex((l) => l.toLowerCase() === name);
  if (idx < 0) return notFound('Label does not exist');
  issue.labels.splice(idx, 1);
  issue.updated_at = now();
  return issueLabels(ctx, issue);
};

const issueLabelsRemoveAll: Handler = (ctx) => {
  const issue = findIssue(ctx);
  if (!issue) return notFound();
  issue.labels = [];
  issue.updated_at = now();
  return { status: 204 };
};

// ---------------------------------------------------------------------------------------------
// Artifacts, repository, rate limit

const artifactsList =
  (byRun: boolean): Handler =>
  (ctx) => {
    let list = ctx.state.artifacts;
    if (byRun) {
      const runId = int(ctx.params['run_id'], -1);
      list = list.filter((a) => a.run_id === runId);
    }
    const name = str(ctx.query['name']);
    if (name !== undefined) list = list.filter((a) => a.name === name);
    const desc = (str(ctx.query['direction']) ?? 'desc') === 'desc';
    list = [...list].sort((a, b) => (desc ? b.id - a.id : a.id - b.id));
    const { page, headers } = paginate(ctx, list);
    return { status: 200, body: { total_count: list.length, artifacts: page.map((a) => renderArtifact(ctx.render, a)) }, headers };
  };

function findArtifact(ctx: HandlerCtx) {
  const id = int(ctx.params['artifact_id'], -1);
  return ctx.state.artifacts.find((a) => a.id === id);
}

const artifactGet: Handler = (ctx) => {
  const a = findArtifact(ctx);
  return a ? { status: 200, body: renderArtifact(ctx.render, a) } : notFound();
};

const artifactDownload: Handler = (ctx) => {
  const a = findArtifact(ctx);
  if (!a || ctx.params['archive_format'] !== 'zip') return notFound();
  if (a.expired) return { status: 410, body: { message: 'Artifact has expired', documentation_url: DOCS, status: '410' } };
  return { status: 302, headers: { location: `${ctx.render.api}/_fake/artifacts/${a.id}.zip` } };
};

const workflowRunGet: Handler = (ctx) => {
  const id = int(ctx.params['run_id'], -1);
  const w = ctx.state.workflowRuns.find((r) => r.id === id);
  return w ? { status: 200, body: renderWorkflowRun(ctx.render, w) } : notFound();
};

/** `GET …/actions/runs/{run_id}/attempts/{attempt_number}/jobs`: 404 for an attempt the run has not reached, as on GitHub. */
const workflowRunAttemptJobs: Handler = (ctx) => {
  const id = int(ctx.params['run_id'], -1);
  const attempt = int(ctx.params['attempt_number'], -1);
  const w = ctx.state.workflowRuns.find((r) => r.id === id);
  if (!w || attempt < 1 || attempt > w.run_attempt) return notFound();
  const jobs = renderWorkflowJobs(ctx.render, w, attempt);
  const { page, headers } = paginate(ctx, jobs);
  return { status: 200, body: { total_count: jobs.length, jobs: page }, headers };
};

/** `GET /repos/{owner}/{repo}/pulls`: `state` (default open) and `head` (`owner:branch`) filter, as on GitHub. */
const pullsList: Handler = (ctx) => {
  const state = str(ctx.query['state']) ?? 'open';
  const head = str(ctx.query['head']);
  const list = ctx.state.pulls.flatMap((p) => {
    const issue = ctx.state.issues.find((i) => i.number === p.number);
    if (!issue || (state !== 'all' && issue.state !== state)) return [];
    if (head !== undefined) {
      const [owner, ...ref] = head.split(':');
      if (owner!.toLowerCase() !== p.head_repository.split('/')[0]!.toLowerCase() || (ref.length > 0 && ref.join(':') !== p.head_ref)) return [];
    }
    return [{ p, issue }];
  });
  const { page, headers } = paginate(ctx, list);
  return { status: 200, body: page.map(({ p, issue }) => renderPullRequest(ctx.render, p, issue)), headers };
};

/** `GET /repos/{owner}/{repo}/pulls/{pull_number}`: merged_at and merge_commit_sha once the test merged it. */
const pullsGet: Handler = (ctx) => {
  const n = int(ctx.params['pull_number'], -1);
  const p = ctx.state.pulls.find((x) => x.number === n);
  const issue = p && ctx.state.issues.find((i) => i.number === p.number);
  return p && issue ? { status: 200, body: renderPullRequestFull(ctx.render, p, issue) } : notFound();
};

/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}`: the seeded commits after `base` up to `head` (a linear history),
 * oldest first, and the files they changed as a whole. 404 when either is not a seeded commit.
 */
const compareCommits: Handler = (ctx) => {
  const m = /^([^.]+)\.\.\.([^.]+)$/.exec(String(ctx.params['basehead']));
  const commits = ctx.state.commits;
  const from = m ? commits.findIndex((c) => c.sha === m[1]) : -1;
  const to = m ? commits.findIndex((c) => c.sha === m[2]) : -1;
  if (from < 0 || to < 0) return notFound('Not Found');
  const range = to > from ? commits.slice(from + 1, to + 1) : [];
  const files = [...new Set(range.flatMap((c) => c.files))];
  const base = `${ctx.render.api}/repos/${ctx.state.owner}/${ctx.state.repo}`;
  return {
    status: 200,
    body: {
      url: `${base}/compare/${m![1]}...${m![2]}`,
      html_url: `https://github.com/${ctx.state.owner}/${ctx.state.repo}/compare/${m![1]}...${m![2]}`,
      permalink_url: `https://github.com/${ctx.state.owner}/${ctx.state.repo}/compare/${m![1]}...${m![2]}`,
      diff_url: `https://github.com/${ctx.state.owner}/${ctx.state.repo}/compare/${m![1]}...${m![2]}.diff`,
      patch_url: `https://github.com/${ctx.state.owner}/${ctx.state.repo}/compare/${m![1]}...${m![2]}.patch`,
      base_commit: renderCommit(ctx.render, commits[from]!, commits[from - 1]?.sha, false),
      merge_base_commit: renderCommit(ctx.render, commits[Math.min(from, to)]!, undefined, false),
      status: to > from ? 'ahead' : to === from ? 'identical' : 'behind',
      ahead_by: Math.max(0, to - from),
      behind_by: Math.max(0, from - to),
      total_commits: range.length,
      commits: range.map((c, i) => renderCommit(ctx.render, c, (i === 0 ? commits[from] : range[i - 1])!.sha, false)),
      files: files.map((f) => renderFile(ctx.render, range[range.length - 1]!.sha, f)),
    },
  };
};

/** `GET /repos/{owner}/{repo}/commits/{ref}`: a seeded commit by its sha, with its files. */
const getCommit: Handler = (ctx) => {
  const i = ctx.state.commits.findIndex((c) => c.sha === ctx.params['ref']);
  return i < 0 ? notFound('No commit found for SHA: ' + String(ctx.params['ref'])) : { status: 200, body: renderCommit(ctx.render, ctx.state.commits[i]!, ctx.state.commits[i - 1]?.sha, true) };
};

export const handlers: Record<string, Handler> = {
  'repos/compare-commits-with-basehead': compareCommits,
  'repos/get-commit': getCommit,
  'pulls/list': pullsList,
  'pulls/get': pullsGet,
  'checks/create': checksCreate,
  'checks/update': checksUpdate,
  'checks/get': checksGet,
  'checks/list-annotations': checksListAnnotations,
  'checks/list-for-ref': checksListForRef,
  'issues/create': issuesCreate,
  'issues/get': issuesGet,
  'issues/update': issuesUpdate,
  'issues/list-for-repo': issuesListForRepo,
  'search/issues-and-pull-requests': searchIssues,
  'issues/list-comments': commentsList,
  'issues/create-comment': commentsCreate,
  'issues/get-comment': commentsGet,
  'issues/update-comment': commentsUpdate,
  'issues/delete-comment': commentsDelete,
  'issues/get-label': labelsGet,
  'issues/list-labels-for-repo': labelsList,
  'issues/create-label': labelsCreate,
  'issues/update-label': labelsUpdate,
  'issues/delete-label': labelsDelete,
  'issues/list-labels-on-issue': issueLabelsList,
  'issues/add-labels': issueLabelsAdd,
  'issues/set-labels': issueLabelsSet,
  'issues/remove-label': issueLabelsRemove,
  'issues/remove-all-labels': issueLabelsRemoveAll,
  'actions/list-workflow-run-artifacts': artifactsList(true),
  'actions/list-artifacts-for-repo': artifactsList(false),
  'actions/get-artifact': artifactGet,
  'actions/download-artifact': artifactDownload,
  'actions/get-workflow-run': workflowRunGet,
  'actions/list-jobs-for-workflow-run-attempt': workflowRunAttemptJobs,
  'repos/get': (ctx) => ({ status: 200, body: renderRepository(ctx.render) }),
  'rate-limit/get': (ctx) => ({ status: 200, body: renderRateLimit(ctx.state, ctx.now()) }),
};
