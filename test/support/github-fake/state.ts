/**
 * In-memory data of the fake, kept as small records (what tests seed and inspect) and rendered to
 * GitHub-shaped JSON on the way out (render*).
 */

export type IssueState = 'open' | 'closed';
export type StateReason = 'completed' | 'not_planned' | 'reopened' | 'duplicate';

export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: IssueState;
  state_reason: StateReason | null;
  /** Label names; each has a LabelRecord in `state.labels`. */
  labels: string[];
  assignees: string[];
  /** Login of the author. */
  user: string;
  locked: boolean;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: string | null;
}

export interface CommentRecord {
  id: number;
  issue_number: number;
  body: string;
  user: string;
  created_at: string;
  updated_at: string;
}

export interface LabelRecord {
  id: number;
  name: string;
  /** Six hex digits, no '#'. */
  color: string;
  description: string | null;
  default: boolean;
}

export interface AnnotationRecord {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

export type CheckStatus = 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
export type CheckConclusion = 'action_required' | 'cancelled' | 'failure' | 'neutral' | 'success' | 'skipped' | 'stale' | 'timed_out';

export interface CheckRunRecord {
  id: number;
  name: string;
  head_sha: string;
  status: CheckStatus;
  conclusion: CheckConclusion | null;
  started_at: string | null;
  completed_at: string | null;
  details_url: string | null;
  external_id: string | null;
  output: { title: string | null; summary: string | null; text: string | null; annotations: AnnotationRecord[]; images: unknown[] };
  actions: unknown[];
  check_suite_id: number;
  /** How many create/update requests carried annotations, in order (sizes of each batch). */
  annotationBatches: number[];
}

export interface ArtifactRecord {
  id: number;
  name: string;
  run_id: number;
  size_in_bytes: number;
  expired: boolean;
  created_at: string;
  updated_at: string;
  expires_at: string;
  digest: string | null;
  head_sha: string;
  head_branch: string;
  /** Bytes served by the archive download redirect, if set. */
  zip?: Uint8Array;
}

/** A workflow run of the repository (GET /repos/{owner}/{repo}/actions/runs/{run_id}). */
export interface WorkflowRunRecord {
  id: number;
  /** The workflow's name. */
  name: string;
  path: string;
  head_sha: string;
  head_branch: string;
  event: string;
  run_attempt: number;
  status: string;
  conclusion: string | null;
  /** owner/name of the head repository: another than the fake's for a pull request from a fork. */
  head_repository: string;
  created_at: string;
  /**
   * The names of each attempt's jobs, as `GET …/attempts/{n}/jobs` lists them (`jobs[0]`: attempt 1). An attempt
   * without an entry lists the last entry's jobs (a re-run shows every job of the workflow); none seeded: no jobs.
   */
  jobs: string[][];
}

/** A commit of the repository's default branch, for the compare and commit endpoints (a linear history, oldest first). */
export interface CommitRecord {
  sha: string;
  message: string;
  /** The paths it changed. */
  files: string[];
}

/** A pull request: an issue of the same number (its comments are issue comments) with a head and a base. */
export interface PullRequestRecord {
  number: number;
  head_sha: string;
  head_ref: string;
  /** owner/name of the head repository: another than the fake's for a pull request from a fork. */
  head_repository: string;
  base_sha: string;
  base_ref: string;
  /** Set when merged (its issue is then closed): the time and the commit the merge made on the base branch. */
  merged_at?: string;
  merge_commit_sha?: string;
}

export interface FakeState {
  owner: string;
  repo: string;
  default_branch: string;
  /** Login used as author of created issues/comments (default `github-actions[bot]`). */
  actor: string;
  checkRuns: CheckRunRecord[];
  issues: IssueRecord[];
  comments: CommentRecord[];
  labels: LabelRecord[];
  artifacts: ArtifactRecord[];
  workflowRuns: WorkflowRunRecord[];
  pulls: PullRequestRecord[];
  /** The default branch's commits, oldest first (seed.commit). */
  commits: CommitRecord[];
  rateLimit: { core: { limit: number; used: number }; search: { limit: number; used: number } };
}

/** Case-insensitive, like GitHub. */
export function findLabel(state: FakeState, name: string): LabelRecord | undefined {
  const lower = name.toLowerCase();
  return state.labels.find((l) => l.name.toLowerCase() === lower);
}

export const now = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

const FALLBACK_COLORS = ['ededed', 'd73a4a', '0075ca', 'cfd3d7', 'a2eeef', '7057ff', '008672', 'e4e669', 'd876e3'];

/** Id allocation and creation helpers shared by the handlers and the `seed` API. */
export class Store {
  private lastId = 1_000_000;
  readonly state: FakeState;

  constructor(state: FakeState) {
    this.state = state;
  }

  nextId(): number {
    const s = this.state;
    for (const list of [s.issues, s.comments, s.labels, s.checkRuns, s.artifacts] as { id: number }[][]) {
      for (const x of list) if (x.id > this.lastId) this.lastId = x.id;
    }
    return ++this.lastId;
  }

  nextIssueNumber(): number {
    return this.state.issues.reduce((m, i) => Math.max(m, i.number), 0) + 1;
  }

  findLabel(name: string): LabelRecord | undefined {
    return findLabel(this.state, name);
  }

  /** Returns the existing label (case-insensitive) or creates it, as GitHub does when labelling an issue. */
  ensureLabel(name: string): LabelRecord {
    return this.findLabel(name) ?? this.addLabel({ name });
  }

  addLabel(l: Partial<LabelRecord> & { name: string }): LabelRecord {
    const rec: LabelRecord = {
      id: l.id ?? this.nextId(),
      name: l.name,
      color: l.color ?? FALLBACK_COLORS[this.state.labels.length % FALLBACK_COLORS.length]!,
      description: l.description ?? null,
      default: l.default ?? false,
    };
    this.state.labels.push(rec);
    return rec;
  }

  /** Normalises label names to the stored spelling, creating missing labels. */
  labelNames(names: string[]): string[] {
    const out: string[] = [];
    for (const n of names) {
      const name = this.ensureLabel(n).name;
      if (!out.includes(name)) out.push(name);
    }
    return out;
  }

  addIssue(i: Partial<IssueRecord> & { title: string }): IssueRecord {
    const t = i.created_at ?? now();
    const state = i.state ?? 'open';
    const rec: IssueRecord = {
      id: i.id ?? this.nextId(),
      number: i.number ?? this.nextIssueNumber(),
      title: i.title,
      body: i.body ?? null,
      state,
      state_reason: i.state_reason ?? (state === 'closed' ? 'completed' : null),
      labels: this.labelNames(i.labels ?? []),
      assignees: i.assignees ?? [],
      user: i.user ?? this.state.actor,
      locked: i.locked ?? false,
      created_at: t,
      updated_at: i.updated_at ?? t,
      closed_at: i.closed_at ?? (state === 'closed' ? t : null),
      closed_by: i.closed_by ?? (state === 'closed' ? this.state.actor : null),
    };
    this.state.issues.push(rec);
    return rec;
  }

  addComment(c: Partial<CommentRecord> & { issue_number: number; body: string }): CommentRecord {
    const t = c.created_at ?? now();
    const rec: CommentRecord = {
      id: c.id ?? this.nextId(),
      issue_number: c.issue_number,
      body: c.body,
      user: c.user ?? this.state.actor,
      created_at: t,
      updated_at: c.updated_at ?? t,
    };
    this.state.comments.push(rec);
    return rec;
  }

  addCheckRun(c: Partial<CheckRunRecord> & { name: string; head_sha: string }): CheckRunRecord {
    const rec: CheckRunRecord = {
      id: c.id ?? this.nextId(),
      name: c.name,
      head_sha: c.head_sha,
      status: c.status ?? (c.conclusion ? 'completed' : 'queued'),
      conclusion: c.conclusion ?? null,
      started_at: c.started_at ?? now(),
      completed_at: c.completed_at ?? (c.conclusion ? now() : null),
      details_url: c.details_url ?? null,
      external_id: c.external_id ?? null,
      output: c.output ?? { title: null, summary: null, text: null, annotations: [], images: [] },
      actions: c.actions ?? [],
      check_suite_id: c.check_suite_id ?? 5_000_000 + this.state.checkRuns.length,
      annotationBatches: c.annotationBatches ?? [],
    };
    this.state.checkRuns.push(rec);
    return rec;
  }

  addWorkflowRun(w: Partial<WorkflowRunRecord> & { id: number; head_sha: string }): WorkflowRunRecord {
    const rec: WorkflowRunRecord = {
      id: w.id,
      name: w.name ?? 'CI',
      path: w.path ?? '.github/workflows/ci.yml',
      head_sha: w.head_sha,
      head_branch: w.head_branch ?? this.state.default_branch,
      event: w.event ?? 'push',
      run_attempt: w.run_attempt ?? 1,
      status: w.status ?? 'in_progress',
      conclusion: w.conclusion ?? null,
      head_repository: w.head_repository ?? `${this.state.owner}/${this.state.repo}`,
      created_at: w.created_at ?? now(),
      jobs: w.jobs ?? [],
    };
    this.state.workflowRuns.push(rec);
    return rec;
  }

  addCommit(c: Partial<CommitRecord> & { sha: string }): CommitRecord {
    const rec: CommitRecord = { sha: c.sha, message: c.message ?? 'a commit', files: c.files ?? [] };
    this.state.commits.push(rec);
    return rec;
  }

  /** A pull request and its issue (the issue is created unless one of that number exists). */
  addPullRequest(p: Partial<PullRequestRecord> & { head_sha: string; title?: string }): PullRequestRecord {
    const issue = p.number !== undefined ? this.state.issues.find((i) => i.number === p.number) : undefined;
    const number = issue?.number ?? p.number ?? this.addIssue({ title: p.title ?? 'A pull request' }).number;
    const rec: PullRequestRecord = {
      number,
      head_sha: p.head_sha,
      head_ref: p.head_ref ?? 'feature',
      head_repository: p.head_repository ?? `${this.state.owner}/${this.state.repo}`,
      base_sha: p.base_sha ?? '0'.repeat(40),
      base_ref: p.base_ref ?? this.state.default_branch,
      ...(p.merged_at !== undefined ? { merged_at: p.merged_at } : {}),
      ...(p.merge_commit_sha !== undefined ? { merge_commit_sha: p.merge_commit_sha } : {}),
    };
    this.state.pulls.push(rec);
    return rec;
  }

  addArtifact(a: Partial<ArtifactRecord> & { name: string; run_id: number }): ArtifactRecord {
    const t = a.created_at ?? now();
    const rec: ArtifactRecord = {
      id: a.id ?? this.nextId(),
      name: a.name,
      run_id: a.run_id,
      size_in_bytes: a.size_in_bytes ?? a.zip?.byteLength ?? 0,
      expired: a.expired ?? false,
      created_at: t,
      updated_at: a.updated_at ?? t,
      expires_at: a.expires_at ?? new Date(Date.parse(t) + 90 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      digest: a.digest ?? null,
      head_sha: a.head_sha ?? '0'.repeat(40),
      head_branch: a.head_branch ?? this.state.default_branch,
      ...(a.zip ? { zip: a.zip } : {}),
    };
    this.state.artifacts.push(rec);
    return rec;
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering to GitHub's JSON shapes

export interface RenderCtx {
  /** Base URL of the fake, used for API `url` fields, e.g. http://127.0.0.1:1234 */
  api: string;
  state: FakeState;
}

const WEB = 'https://github.com';
const nodeId = (kind: string, id: number) => Buffer.from(`${kind}${id}`).toString('base64').replace(/=+$/, '');

const KNOWN_USERS: Record<string, { id: number; type: string }> = {
  'github-actions[bot]': { id: 41898282, type: 'Bot' },
  github: { id: 9919, type: 'Organization' },
};

function userId(login: string): number {
  const known = KNOWN_USERS[login];
  if (known) return known.id;
  let h = 7;
  for (const ch of login) h = (h * 31 + ch.charCodeAt(0)) % 90_000_000;
  return 10_000_000 + h;
}

export function renderUser(ctx: RenderCtx, login: string): Record<string, unknown> {
  const id = userId(login);
  const type = KNOWN_USERS[login]?.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User');
  const u = `${ctx.api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: nodeId(type === 'Bot' ? 'BOT_' : 'U_', id),
    avatar_url: `https://avatars.githubusercontent.com/${type === 'Bot' ? 'in/15368' : `u/${id}`}?v=4`,
    gravatar_id: '',
    url: u,
    html_url: type === 'Bot' ? `${WEB}/apps/${encodeURIComponent(login.replace(/\[bot\]$/, ''))}` : `${WEB}/${encodeURIComponent(login)}`,
    followers_url: `${u}/followers`,
    following_url: `${u}/following{/other_user}`,
    gists_url: `${u}/gists{/gist_id}`,
    starred_url: `${u}/starred{/owner}{/repo}`,
    subscriptions_url: `${u}/subscriptions`,
    organizations_url: `${u}/orgs`,
    repos_url: `${u}/repos`,
    events_url: `${u}/events{/privacy}`,
    received_events_url: `${u}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

const repoApi = (ctx: RenderCtx) => `${ctx.api}/repos/${ctx.state.owner}/${ctx.state.repo}`;
const repoWeb = (ctx: RenderCtx) => `${WEB}/${ctx.state.owner}/${ctx.state.repo}`;

export function renderLabel(ctx: RenderCtx, l: LabelRecord): Record<string, unknown> {
  return {
    id: l.id,
    node_id: nodeId('LA_', l.id),
    url: `${repoApi(ctx)}/labels/${encodeURIComponent(l.name)}`,
    name: l.name,
    color: l.color,
    default: l.default,
    description: l.description,
  };
}

function reactions(url: string): Record<string, unknown> {
  return { url: `${url}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

export function renderIssue(ctx: RenderCtx, i: IssueRecord): Record<string, unknown> {
  const url = `${repoApi(ctx)}/issues/${i.number}`;
  return {
    url,
    repository_url: repoApi(ctx),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repoWeb(ctx)}/issues/${i.number}`,
    id: i.id,
    node_id: nodeId('I_', i.id),
    number: i.number,
    title: i.title,
    user: renderUser(ctx, i.user),
    labels: i.labels.map((n) => renderLabel(ctx, findLabel(ctx.state, n) ?? { id: 0, name: n, color: 'ededed', description: null, default: false })),
    state: i.state,
    locked: i.locked,
    assignee: i.assignees[0] ? renderUser(ctx, i.assignees[0]) : null,
    assignees: i.assignees.map((a) => renderUser(ctx, a)),
    milestone: null,
    comments: ctx.state.comments.filter((c) => c.issue_number === i.number).length,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    author_association: i.user === ctx.state.owner ? 'OWNER' : 'NONE',
    active_lock_reason: null,
    sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
    issue_dependencies_summary: { blocked_by: 0, total_blocked_by: 0, blocking: 0, total_blocking: 0 },
    body: i.body,
    closed_by: i.closed_by ? renderUser(ctx, i.closed_by) : null,
    reactions: reactions(url),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: i.state_reason,
  };
}

export function renderComment(ctx: RenderCtx, c: CommentRecord): Record<string, unknown> {
  const url = `${repoApi(ctx)}/issues/comments/${c.id}`;
  return {
    url,
    html_url: `${repoWeb(ctx)}/issues/${c.issue_number}#issuecomment-${c.id}`,
    issue_url: `${repoApi(ctx)}/issues/${c.issue_number}`,
    id: c.id,
    node_id: nodeId('IC_', c.id),
    user: renderUser(ctx, c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: c.user === ctx.state.owner ? 'OWNER' : 'NONE',
    body: c.body,
    reactions: reactions(url),
    performed_via_github_app: null,
  };
}

export function renderGitHubActionsApp(ctx: RenderCtx): Record<string, unknown> {
  return {
    id: 15368,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    owner: renderUser(ctx, 'github'),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: `${WEB}/apps/github-actions`,
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2019-12-10T19:04:12Z',
    permissions: { actions: 'write', checks: 'write', contents: 'write', issues: 'write', metadata: 'read', pull_requests: 'write', statuses: 'write' },
    events: ['check_run', 'check_suite', 'issues', 'issue_comment', 'pull_request', 'push', 'workflow_dispatch'],
  };
}

export function renderCheckRun(ctx: RenderCtx, c: CheckRunRecord): Record<string, unknown> {
  const url = `${repoApi(ctx)}/check-runs/${c.id}`;
  return {
    id: c.id,
    name: c.name,
    node_id: nodeId('CR_', c.id),
    head_sha: c.head_sha,
    external_id: c.external_id ?? '',
    url,
    html_url: `${repoWeb(ctx)}/runs/${c.id}`,
    details_url: c.details_url ?? `${repoWeb(ctx)}/runs/${c.id}`,
    status: c.status,
    conclusion: c.conclusion,
    started_at: c.started_at,
    completed_at: c.completed_at,
    output: {
      title: c.output.title,
      summary: c.output.summary,
      text: c.output.text,
      annotations_count: c.output.annotations.length,
      annotations_url: `${url}/annotations`,
    },
    check_suite: { id: c.check_suite_id },
    app: renderGitHubActionsApp(ctx),
    pull_requests: [],
  };
}

export function renderAnnotation(ctx: RenderCtx, c: CheckRunRecord, a: AnnotationRecord): Record<string, unknown> {
  return {
    path: a.path,
    blob_href: `${repoWeb(ctx)}/blob/${c.head_sha}/${a.path.split('/').map(encodeURIComponent).join('/')}`,
    start_line: a.start_line,
    end_line: a.end_line,
    start_column: a.start_column ?? null,
    end_column: a.end_column ?? null,
    annotation_level: a.annotation_level,
    title: a.title ?? null,
    message: a.message,
    raw_details: a.raw_details ?? null,
  };
}

export function renderArtifact(ctx: RenderCtx, a: ArtifactRecord): Record<string, unknown> {
  return {
    id: a.id,
    node_id: nodeId('MDg6QXJ0aWZhY3Q', a.id),
    name: a.name,
    size_in_bytes: a.size_in_bytes,
    url: `${repoApi(ctx)}/actions/artifacts/${a.id}`,
    archive_download_url: `${repoApi(ctx)}/actions/artifacts/${a.id}/zip`,
    expired: a.expired,
    created_at: a.created_at,
    updated_at: a.updated_at,
    expires_at: a.expires_at,
    digest: a.digest,
    workflow_run: { id: a.run_id, repository_id: repoId(ctx), head_repository_id: repoId(ctx), head_branch: a.head_branch, head_sha: a.head_sha },
  };
}

function repoId(ctx: RenderCtx): number {
  return 100_000_000 + (userId(`${ctx.state.owner}/${ctx.state.repo}`) % 1_000_000);
}

/** The jobs of attempt `attempt` of a workflow run, as `GET …/actions/runs/{run_id}/attempts/{attempt_number}/jobs` lists them (`job`). */
export function renderWorkflowJobs(ctx: RenderCtx, w: WorkflowRunRecord, attempt: number): Array<Record<string, unknown>> {
  const names = w.jobs[Math.min(attempt, w.jobs.length) - 1] ?? [];
  const runUrl = `${repoApi(ctx)}/actions/runs/${w.id}`;
  return names.map((name, i) => {
    const id = w.id * 1000 + attempt * 100 + i;
    return {
      id,
      run_id: w.id,
      run_url: runUrl,
      run_attempt: attempt,
      node_id: nodeId('CR_', id),
      head_sha: w.head_sha,
      url: `${repoApi(ctx)}/actions/jobs/${id}`,
      html_url: `${repoWeb(ctx)}/actions/runs/${w.id}/job/${id}`,
      status: 'completed',
      conclusion: 'success',
      created_at: w.created_at,
      started_at: w.created_at,
      completed_at: w.created_at,
      name,
      steps: [],
      check_run_url: `${repoApi(ctx)}/check-runs/${id}`,
      labels: ['ubuntu-latest'],
      runner_id: 1,
      runner_name: 'GitHub Actions 1',
      runner_group_id: 1,
      runner_group_name: 'GitHub Actions',
      workflow_name: w.name,
      head_branch: w.head_branch,
    };
  });
}

export function renderWorkflowRun(ctx: RenderCtx, w: WorkflowRunRecord): Record<string, unknown> {
  const u = `${repoApi(ctx)}/actions/runs/${w.id}`;
  const [headOwner = '', headRepo = ''] = w.head_repository.split('/');
  const headCtx: RenderCtx = { ...ctx, state: { ...ctx.state, owner: headOwner, repo: headRepo } };
  const workflowId = 10_000 + (userId(w.path) % 10_000);
  return {
    id: w.id,
    name: w.name,
    node_id: nodeId('WFR_', w.id),
    head_branch: w.head_branch,
    head_sha: w.head_sha,
    path: w.path,
    display_title: w.name,
    run_number: w.id % 100_000,
    run_attempt: w.run_attempt,
    event: w.event,
    status: w.status,
    conclusion: w.conclusion,
    workflow_id: workflowId,
    url: u,
    html_url: `${repoWeb(ctx)}/actions/runs/${w.id}`,
    pull_requests: [],
    created_at: w.created_at,
    updated_at: w.created_at,
    run_started_at: w.created_at,
    jobs_url: `${u}/jobs`,
    logs_url: `${u}/logs`,
    check_suite_url: `${repoApi(ctx)}/check-suites/${w.id}`,
    artifacts_url: `${u}/artifacts`,
    cancel_url: `${u}/cancel`,
    rerun_url: `${u}/rerun`,
    workflow_url: `${repoApi(ctx)}/actions/workflows/${workflowId}`,
    head_commit: {
      id: w.head_sha,
      tree_id: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      message: 'commit',
      timestamp: w.created_at,
      author: { name: 'Dev', email: 'dev@example.com' },
      committer: { name: 'Dev', email: 'dev@example.com' },
    },
    repository: renderRepository(ctx),
    head_repository: renderRepository(headCtx),
  };
}

/** A pull request as `GET /repos/{owner}/{repo}/pulls/{pull_number}` gives it (`pull-request`). */
export function renderPullRequestFull(ctx: RenderCtx, p: PullRequestRecord, issue: IssueRecord): Record<string, unknown> {
  return {
    ...renderPullRequest(ctx, p, issue),
    merged: p.merged_at !== undefined,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

/** A pull request as `GET /repos/{owner}/{repo}/pulls` lists it (`pull-request-simple`). */
export function renderPullRequest(ctx: RenderCtx, p: PullRequestRecord, issue: IssueRecord): Record<string, unknown> {
  const url = `${repoApi(ctx)}/pulls/${p.number}`;
  const web = `${repoWeb(ctx)}/pull/${p.number}`;
  const issueUrl = `${repoApi(ctx)}/issues/${p.number}`;
  const [headOwner = '', headRepo = ''] = p.head_repository.split('/');
  const headCtx: RenderCtx = { ...ctx, state: { ...ctx.state, owner: headOwner, repo: headRepo } };
  const end = (c: RenderCtx, ref: string, sha: string) => ({ label: `${c.state.owner}:${ref}`, ref, sha, user: renderUser(c, c.state.owner), repo: renderRepository(c) });
  return {
    url,
    id: 5_000_000 + p.number,
    node_id: nodeId('PR_', 5_000_000 + p.number),
    html_url: web,
    diff_url: `${web}.diff`,
    patch_url: `${web}.patch`,
    issue_url: issueUrl,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${repoApi(ctx)}/pulls/comments{/number}`,
    comments_url: `${issueUrl}/comments`,
    statuses_url: `${repoApi(ctx)}/statuses/${p.head_sha}`,
    number: p.number,
    state: issue.state,
    locked: issue.locked,
    title: issue.title,
    user: renderUser(ctx, issue.user),
    body: issue.body,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_at: issue.closed_at,
    merged_at: p.merged_at ?? null,
    merge_commit_sha: p.merge_commit_sha ?? null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: end(headCtx, p.head_ref, p.head_sha),
    base: end(ctx, p.base_ref, p.base_sha),
    _links: {
      self: { href: url },
      html: { href: web },
      issue: { href: issueUrl },
      comments: { href: `${issueUrl}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${repoApi(ctx)}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${repoApi(ctx)}/statuses/${p.head_sha}` },
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: false,
  };
}

export function renderRepository(ctx: RenderCtx): Record<string, unknown> {
  const { owner, repo } = ctx.state;
  const u = repoApi(ctx);
  const created = '2024-01-01T00:00:00Z';
  const openIssues = ctx.state.issues.filter((i) => i.state === 'open').length;
  return {
    id: repoId(ctx),
    node_id: nodeId('R_', repoId(ctx)),
    name: repo,
    full_name: `${owner}/${repo}`,
    private: false,
    owner: renderUser(ctx, owner),
    html_url: repoWeb(ctx),
    description: null,
    fork: false,
    url: u,
    archive_url: `${u}/{archive_format}{/ref}`,
    assignees_url: `${u}/assignees{/user}`,
    blobs_url: `${u}/git/blobs{/sha}`,
    branches_url: `${u}/branches{/branch}`,
    collaborators_url: `${u}/collaborators{/collaborator}`,
    comments_url: `${u}/comments{/number}`,
    commits_url: `${u}/commits{/sha}`,
    compare_url: `${u}/compare/{base}...{head}`,
    contents_url: `${u}/contents/{+path}`,
    contributors_url: `${u}/contributors`,
    deployments_url: `${u}/deployments`,
    downloads_url: `${u}/downloads`,
    events_url: `${u}/events`,
    forks_url: `${u}/forks`,
    git_commits_url: `${u}/git/commits{/sha}`,
    git_refs_url: `${u}/git/refs{/sha}`,
    git_tags_url: `${u}/git/tags{/sha}`,
    git_url: `git://github.com/${owner}/${repo}.git`,
    issue_comment_url: `${u}/issues/comments{/number}`,
    issue_events_url: `${u}/issues/events{/number}`,
    issues_url: `${u}/issues{/number}`,
    keys_url: `${u}/keys{/key_id}`,
    labels_url: `${u}/labels{/name}`,
    languages_url: `${u}/languages`,
    merges_url: `${u}/merges`,
    milestones_url: `${u}/milestones{/number}`,
    notifications_url: `${u}/notifications{?since,all,participating}`,
    pulls_url: `${u}/pulls{/number}`,
    releases_url: `${u}/releases{/id}`,
    ssh_url: `git@github.com:${owner}/${repo}.git`,
    stargazers_url: `${u}/stargazers`,
    statuses_url: `${u}/statuses/{sha}`,
    subscribers_url: `${u}/subscribers`,
    subscription_url: `${u}/subscription`,
    tags_url: `${u}/tags`,
    teams_url: `${u}/teams`,
    trees_url: `${u}/git/trees{/sha}`,
    clone_url: `${WEB}/${owner}/${repo}.git`,
    mirror_url: null,
    hooks_url: `${u}/hooks`,
    svn_url: repoWeb(ctx),
    homepage: null,
    language: 'TypeScript',
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 100,
    default_branch: ctx.state.default_branch,
    open_issues_count: openIssues,
    open_issues: openIssues,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: 'public',
    pushed_at: now(),
    created_at: created,
    updated_at: created,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
    allow_forking: true,
    web_commit_signoff_required: false,
    license: null,
    network_count: 0,
    subscribers_count: 0,
  };
}

export function renderRateLimit(state: FakeState, now: number = Date.now()): Record<string, unknown> {
  const reset = Math.floor(now / 1000) + 3600;
  const r = (x: { limit: number; used: number }) => ({ limit: x.limit, used: x.used, remaining: Math.max(0, x.limit - x.used), reset });
  const core = r(state.rateLimit.core);
  return {
    resources: {
      core,
      search: r(state.rateLimit.search),
      graphql: { limit: 5000, used: 0, remaining: 5000, reset },
      integration_manifest: { limit: 5000, used: 0, remaining: 5000, reset },
      code_search: { limit: 10, used: 0, remaining: 10, reset },
    },
    rate: core,
  };
}

/** A commit as the compare and commit endpoints give it (the fields flakeguard reads, and a few more). */
export function renderCommit(r: RenderCtx, c: CommitRecord, parent: string | undefined, withFiles: boolean): Record<string, unknown> {
  const base = `${r.api}/repos/${r.state.owner}/${r.state.repo}`;
  const person = { name: 'Dev', email: 'dev@example.com', date: '2026-11-01T00:00:00Z' };
  return {
    sha: c.sha,
    node_id: `C_${c.sha.slice(0, 12)}`,
    url: `${base}/commits/${c.sha}`,
    html_url: `${WEB}/${r.state.owner}/${r.state.repo}/commit/${c.sha}`,
    comments_url: `${base}/commits/${c.sha}/comments`,
    commit: { url: `${base}/git/commits/${c.sha}`, author: person, committer: person, message: c.message, comment_count: 0, tree: { sha: '0'.repeat(40), url: `${base}/git/trees/${'0'.repeat(40)}` } },
    author: null,
    committer: null,
    parents: parent ? [{ sha: parent, url: `${base}/commits/${parent}` }] : [],
    ...(withFiles ? { files: c.files.map((f) => renderFile(r, c.sha, f)), stats: { additions: c.files.length, deletions: 0, total: c.files.length } } : {}),
  };
}

export function renderFile(r: RenderCtx, sha: string, filename: string): Record<string, unknown> {
  const web = `${WEB}/${r.state.owner}/${r.state.repo}`;
  const path = filename.split('/').map(encodeURIComponent).join('/');
  return {
    sha,
    filename,
    status: 'modified',
    additions: 1,
    deletions: 0,
    changes: 1,
    blob_url: `${web}/blob/${sha}/${path}`,
    raw_url: `${web}/raw/${sha}/${path}`,
    contents_url: `${r.api}/repos/${r.state.owner}/${r.state.repo}/contents/${path}?ref=${sha}`,
  };
}
