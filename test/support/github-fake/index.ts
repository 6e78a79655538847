/**
 * A local fake of GitHub's REST API for end-to-end tests of the bundled action.
 *
 * Every request is routed to an operation of GitHub's published OpenAPI description and validated
 * against it (path params, query params, JSON body). See test/support/README.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handlers, notFound, type HandlerCtx, type HandlerResult } from './handlers.ts';
import { checkRules } from './rules.ts';
import { checkRequest, loadSpec } from './spec.ts';
import {
  Store,
  type ArtifactRecord,
  type CheckRunRecord,
  type CommentRecord,
  type CommitRecord,
  type FakeState,
  type IssueRecord,
  type LabelRecord,
  type PullRequestRecord,
  type WorkflowRunRecord,
} from './state.ts';

export type { AnnotationRecord, ArtifactRecord, CheckRunRecord, CommentRecord, FakeState, IssueRecord, LabelRecord, WorkflowRunRecord } from './state.ts';
export { checkResponse, specInfo } from './spec.ts';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, as received (percent-encoded). */
  path: string;
  query: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** Parsed JSON body; the raw text if it was not JSON; undefined if empty. */
  body: unknown;
  /** OpenAPI operationId, when the request matched an operation. */
  operationId?: string;
  violations: string[];
  /** Status the fake answered with (set once answered; stays unset for a request that was never answered). */
  status?: number;
  /**
   * True when the client closed the connection before the fake answered (its timeout fired, it was aborted, or its
   * process ended): set as soon as the fake notices.
   */
  abandoned?: boolean;
}

export interface FailMatch {
  method?: string;
  /** Tested against the path (no query string). */
  pathPattern?: RegExp;
  operationId?: string;
}

export interface FailResponse {
  /** Omit to only delay (delayMs) and then answer normally. */
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * Wait this long before answering (e.g. longer than the client's timeout). `Infinity`: never answer; the request
   * is not carried out, and the fake lets go of it when the client leaves or at close().
   */
  delayMs?: number;
  /** Send `x-ratelimit-reset` this many seconds after the fake's clock at the moment it answers. */
  resetInSeconds?: number;
}

export interface StartOptions {
  owner?: string;
  repo?: string;
  /** If set, requests must carry `Authorization: token <token>` (or `Bearer <token>`), else 401. */
  token?: string;
  defaultBranch?: string;
  /** Author of issues/comments created through the API. Default `github-actions[bot]`. */
  actor?: string;
  /**
   * Issues created through the API only show up in `GET /search/issues` after this many ms
   * (GitHub's search index lags behind writes). Default 0. Seeded issues are searchable at once.
   */
  searchIndexLagMs?: number;
  /**
   * The fake's clock, in ms since the epoch (default `Date.now`): when API-created issues become searchable, and the
   * `x-ratelimit-reset` it sends. A test that owns the clock asserts on time-dependent behaviour without sleeping.
   */
  clock?: () => number;
}

export interface Seeder {
  issue(i: Partial<IssueRecord> & { title: string }): IssueRecord;
  comment(c: Partial<CommentRecord> & { issue_number: number; body: string }): CommentRecord;
  label(l: Partial<LabelRecord> & { name: string }): LabelRecord;
  checkRun(c: Partial<CheckRunRecord> & { name: string; head_sha: string }): CheckRunRecord;
  artifact(a: Partial<ArtifactRecord> & { name: string; run_id: number }): ArtifactRecord;
  workflowRun(w: Partial<WorkflowRunRecord> & { id: number; head_sha: string }): WorkflowRunRecord;
  /** A pull request (and its issue, unless `number` names an existing one). */
  pullRequest(p: Partial<PullRequestRecord> & { head_sha: string; title?: string }): PullRequestRecord;
  /** A commit on the default branch, after those seeded before it (the compare and commit endpoints read them). */
  commit(c: Partial<CommitRecord> & { sha: string }): CommitRecord;
}

export interface FakeGitHub {
  /** e.g. http://127.0.0.1:12345 — use as GITHUB_API_URL. */
  url: string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Every violation seen so far, each prefixed with its request. Tests assert this is empty. */
  violations(): string[];
  /** In-memory data; inspect it, or push records (prefer `seed`, which fills defaults and ids). */
  state: FakeState;
  seed: Seeder;
  /**
   * The next `times` (default 1; Infinity allowed) requests matching `match` (all given fields must
   * match) get `response` instead of normal handling. Matching happens after routing, authorization and
   * validation, so invalid requests still get 422. The first registered matching rule wins.
   */
  failNext(match: FailMatch, response: FailResponse, times?: number): void;
  /**
   * Resolves with the first request matching `match` (all given fields; `{}` matches any) once the fake has received
   * and routed it, before any injected delay: at once if one already arrived. Tests order events on this instead of
   * sleeping.
   */
  arrived(match?: FailMatch): Promise<RecordedRequest>;
  /**
   * Resolves once the fake is done with `rec`: answered; or, for a delay without a status, carried out after the
   * delay even if the client left; or, for a never-ending delay, let go (the client left, or close()).
   */
  settled(rec: RecordedRequest): Promise<void>;
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest';

/** Ready-made responses for failNext. */
export const fakeResponses = {
  serverError: (): FailResponse => ({ status: 500, body: { message: 'Server Error', documentation_url: DOCS, status: '500' } }),
  badGateway: (): FailResponse => ({ status: 502, body: { message: 'Server Error' } }),
  /** GITHUB_TOKEN lacking a permission (e.g. `checks: write`). */
  permissionDenied: (): FailResponse => ({
    status: 403,
    body: { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' },
  }),
  /** Primary rate limit: x-ratelimit-remaining 0 and x-ratelimit-reset `resetInSeconds` after the fake's clock when answered. */
  rateLimited: (opts: { resetInSeconds?: number; status?: 403 | 429 } = {}): FailResponse => ({
    status: opts.status ?? 403,
    resetInSeconds: opts.resetInSeconds ?? 60,
    headers: {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-used': '5000',
      'x-ratelimit-resource': 'core',
    },
    body: {
      message: 'API rate limit exceeded for installation ID 12345678. If you reach out to GitHub Support for help, please include the request ID.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
      status: String(opts.status ?? 403),
    },
  }),
  /** Secondary rate limit: retry-after header. */
  secondaryRateLimit: (opts: { retryAfterSeconds?: number; status?: 403 | 429 } = {}): FailResponse => ({
    status: opts.status ?? 403,
    headers: { 'retry-after': String(opts.retryAfterSeconds ?? 60) },
    body: {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: String(opts.status ?? 403),
    },
  }),
  /**
   * Answer nothing for `ms`, then answer normally (the write happens). Without `ms`: never answer (until the client
   * leaves or close()), so only a client timeout can end the request.
   */
  hang: (ms = Infinity): FailResponse => ({ delayMs: ms }),
};

interface Injection {
  match: FailMatch;
  response: FailResponse;
  remaining: number;
}

const SEARCH_OPS = new Set(['search/issues-and-pull-requests']);
/** The one GraphQL query the fake answers (whitespace folded). */
const VIEWER_QUERY = 'query { viewer { login } }';

function matches(match: FailMatch, rec: RecordedRequest): boolean {
  return (
    (match.method === undefined || match.method.toUpperCase() === rec.method) &&
    (match.operationId === undefined || match.operationId === rec.operationId) &&
    (match.pathPattern === undefined || new RegExp(match.pathPattern.source, match.pathPattern.flags.replace('g', '')).test(rec.path))
  );
}

export async function startGitHubFake(opts: StartOptions = {}): Promise<FakeGitHub> {
  const { router } = loadSpec();
  const clock = opts.clock ?? Date.now;
  const state: FakeState = {
    owner: opts.owner ?? 'octo-org',
    repo: opts.repo ?? 'octo-repo',
    default_branch: opts.defaultBranch ?? 'main',
    actor: opts.actor ?? 'github-actions[bot]',
    checkRuns: [],
    issues: [],
    comments: [],
    labels: [],
    artifacts: [],
    workflowRuns: [],
    pulls: [],
    commits: [],
    rateLimit: { core: { limit: 5000, used: 0 }, search: { limit: 30, used: 0 } },
  };
  const store = new Store(state);
  const requests: RecordedRequest[] = [];
  const injections: Injection[] = [];
  const searchableAt = new Map<number, number>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let seq = 0;
  const requestIds = new WeakMap<RecordedRequest, number>();
  let baseUrl = '';
  /** Requests that have arrived (routed), in order, and tests waiting for one. */
  const arrivals: RecordedRequest[] = [];
  const arrivedSet = new WeakSet<RecordedRequest>();
  const waiting: { match: FailMatch; resolve: (rec: RecordedRequest) => void }[] = [];
  const done = new WeakMap<RecordedRequest, { promise: Promise<void>; resolve: () => void }>();
  /** Ends a never-ending delay: at close(), or when its client leaves. */
  const forever = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => (timers.delete(entry), resolve()), ms), resolve };
      timers.add(entry);
    });

  const arrive = (rec: RecordedRequest) => {
    if (arrivedSet.has(rec)) return;
    arrivedSet.add(rec);
    arrivals.push(rec);
    for (const w of [...waiting]) {
      if (!matches(w.match, rec)) continue;
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(rec);
    }
  };

  const rateHeaders = (resource: 'core' | 'search'): Record<string, string> => {
    const r = state.rateLimit[resource];
    return {
      'x-ratelimit-limit': String(r.limit),
      'x-ratelimit-remaining': String(Math.max(0, r.limit - r.used)),
      'x-ratelimit-used': String(r.used),
      'x-ratelimit-reset': String(Math.floor(clock() / 1000) + 3600),
      'x-ratelimit-resource': resource,
    };
  };

  const send = (res: ServerResponse, rec: RecordedRequest, result: HandlerResult, resource: 'core' | 'search' = 'core') => {
    arrive(rec);
    rec.status = result.status;
    if (res.destroyed || res.writableEnded) return;
    const hasBody = result.body !== undefined && result.status !== 204 && result.status !== 304;
    const payload = hasBody ? (typeof result.body === 'string' ? result.body : JSON.stringify(result.body)) : '';
    const headers: Record<string, string> = {
      'x-github-request-id': `FAKE:${requestIds.get(rec) ?? 0}`,
      'x-github-api-version-selected': '2022-11-28',
      'x-github-media-type': 'github.v3; format=json',
      ...rateHeaders(resource),
      ...(hasBody ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    };
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = v;
    headers['content-length'] = String(Buffer.byteLength(payload));
    try {
      res.writeHead(result.status, headers);
      res.end(payload);
    } catch {
      // client went away
    }
  };

  const takeInjection = (rec: RecordedRequest): FailResponse | undefined => {
    const inj = injections.find((i) => matches(i.match, rec));
    if (!inj) return undefined;
    if (--inj.remaining <= 0) injections.splice(injections.indexOf(inj), 1);
    return inj.response;
  };

  const authorized = (header: string | undefined): boolean => {
    if (opts.token === undefined) return true;
    const m = /^(?:token|bearer)\s+(.+)$/i.exec(header ?? '');
    return m !== null && m[1] === opts.token;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, seen: { rec?: RecordedRequest }): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', baseUrl);
    const method = (req.method ?? 'GET').toUpperCase();
    const query: Record<string, string> = {};
    const repeated = new Set<string>();
    for (const [k, v] of url.searchParams) {
      if (k in query) repeated.add(k);
      query[k] = v;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    let body: unknown;
    let badJson = false;
    if (raw.length > 0) {
      const text = raw.toString('utf8');
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
        badJson = true;
      }
    }
    const rec: RecordedRequest = { method, path: url.pathname, query, headers, body, violations: [] };
    requests.push(rec);
    requestIds.set(rec, ++seq);
    seen.rec = rec;
    // Settled once the handling is over and the response is closed (sent, or its client gone), so that `abandoned`
    // is known by then.
    let handled!: () => void;
    const over = new Promise<void>((resolve) => (handled = resolve));
    const closed = new Promise<void>((resolve) => {
      const onClose = () => {
        if (!res.writableFinished) rec.abandoned = true;
        resolve();
      };
      if (res.destroyed)
        onClose(); // the client left while the body was read
      else res.on('close', onClose);
    });
    done.set(rec, { promise: Promise.all([over, closed]).then(() => undefined), resolve: () => handled() });

    // Not part of GitHub's API: artifact archives behind the download redirect.
    const blob = /^\/_fake\/artifacts\/(\d+)\.zip$/.exec(url.pathname);
    if (blob) {
      const a = state.artifacts.find((x) => x.id === Number(blob[1]));
      rec.operationId = '_fake/artifact-archive';
      arrive(rec);
      rec.status = a?.zip ? 200 : 404;
      res.writeHead(rec.status, { 'content-type': 'application/zip' });
      res.end(a?.zip ? Buffer.from(a.zip) : '');
      return;
    }

    if (!authorized(headers['authorization'])) {
      send(res, rec, { status: 401, body: { message: 'Bad credentials', documentation_url: DOCS, status: '401' } });
      return;
    }

    // Not part of GitHub's REST API: its GraphQL endpoint, answering the one query flakeguard sends there, who the
    // token is (`viewer { login }`: the fake's actor, as GitHub answers for a user's and an installation's token alike).
    if (url.pathname === '/graphql') {
      rec.operationId = '_fake/graphql-viewer';
      arrive(rec);
      const query = typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : undefined;
      if (method !== 'POST' || typeof query !== 'string' || query.replace(/\s+/g, ' ').trim() !== VIEWER_QUERY) {
        rec.violations.push(`[fake] the GraphQL endpoint answers only POST \`${VIEWER_QUERY}\``);
        send(res, rec, { status: 200, body: { errors: [{ message: 'github-fake answers only the viewer query' }] } });
        return;
      }
      const injected = takeInjection(rec);
      if (injected?.status !== undefined) {
        send(res, rec, { status: injected.status, body: injected.body, ...(injected.headers ? { headers: injected.headers } : {}) });
        return;
      }
      send(res, rec, { status: 200, body: { data: { viewer: { login: state.actor } } } });
      return;
    }

    const routed = router.route(method, url.pathname);
    if (routed.kind !== 'match') {
      rec.violations.push(routed.kind === 'not-found' ? "no such path in GitHub's REST API" : `${routed.template} has no ${method} operation (has: ${routed.allowed.join(', ')})`);
      send(res, rec, notFound());
      return;
    }
    const { operation, params: rawParams } = routed.match;
    rec.operationId = operation.operationId;
    const resource = SEARCH_OPS.has(operation.operationId) ? 'search' : 'core';
    if (operation.operationId !== 'rate-limit/get') state.rateLimit[resource].used++;

    for (const k of repeated) rec.violations.push(`query: parameter '${k}' given more than once`);
    if (badJson) {
      rec.violations.push('body: not valid JSON');
      send(res, rec, { status: 400, body: { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' } }, resource);
      return;
    }
    const check = checkRequest(operation, rawParams, query, body);
    const rules = check.errors.length === 0 ? checkRules(operation.operationId, check.query, body) : { errors: [], lints: [] };
    const errors = [...check.errors, ...rules.errors];
    rec.violations.push(...errors, ...check.lints, ...rules.lints);
    if (errors.length > 0) {
      send(
        res,
        rec,
        {
          status: 422,
          body: {
            message: `Invalid request.\n\n${errors.join('\n')}`,
            errors: errors.map((message) => ({ resource: operation.operationId, code: 'invalid', message })),
            documentation_url: DOCS,
            status: '422',
          },
        },
        resource,
      );
      return;
    }

    const owner = check.params['owner'];
    const repo = check.params['repo'];
    if ((typeof owner === 'string' && owner.toLowerCase() !== state.owner.toLowerCase()) || (typeof repo === 'string' && repo.toLowerCase() !== state.repo.toLowerCase())) {
      send(res, rec, notFound(), resource);
      return;
    }

    arrive(rec);
    const injected = takeInjection(rec);
    if (injected) {
      if (injected.delayMs === Infinity) {
        // Never answered, never carried out: over when the client leaves (its timeout) or at close().
        await new Promise<void>((resolve) => {
          const end = () => (forever.delete(end), resolve());
          forever.add(end);
          if (res.destroyed) end();
          else res.on('close', end);
        });
        return;
      }
      if (injected.delayMs) await sleep(injected.delayMs);
      if (injected.status !== undefined) {
        const headers = { ...injected.headers };
        if (injected.resetInSeconds !== undefined) headers['x-ratelimit-reset'] = String(Math.floor(clock() / 1000) + injected.resetInSeconds);
        send(res, rec, { status: injected.status, body: injected.body, headers }, resource);
        return;
      }
    }

    const handler = handlers[operation.operationId];
    if (!handler) {
      rec.violations.push(`[fake] ${operation.operationId} is a valid GitHub operation the fake does not implement`);
      send(res, rec, { status: 501, body: { message: `github-fake does not implement ${operation.operationId}` } }, resource);
      return;
    }
    const ctx: HandlerCtx = {
      params: check.params,
      query: check.query,
      rawQuery: query,
      pathname: url.pathname,
      body,
      state,
      store,
      render: { api: baseUrl, state },
      searchableAt,
      now: clock,
    };
    let result: HandlerResult;
    try {
      result = handler(ctx);
    } catch (e) {
      rec.violations.push(`[fake] handler for ${operation.operationId} crashed: ${(e as Error).stack ?? String(e)}`);
      result = { status: 500, body: { message: 'Server Error (github-fake handler crashed)' } };
    }
    if (operation.operationId === 'issues/create' && result.status === 201 && (opts.searchIndexLagMs ?? 0) > 0) {
      const created = (result.body as { id: number }).id;
      searchableAt.set(created, clock() + (opts.searchIndexLagMs ?? 0));
    }
    send(res, rec, result, resource);
  }

  const server = createServer((req, res) => {
    const seen: { rec?: RecordedRequest } = {};
    handle(req, res, seen)
      .catch((e: unknown) => {
        const rec = seen.rec ?? requests[requests.length - 1];
        rec?.violations.push(`[fake] internal error: ${(e as Error).stack ?? String(e)}`);
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'github-fake internal error' }));
        }
      })
      .finally(() => {
        if (seen.rec) done.get(seen.rec)?.resolve();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    state,
    seed: {
      issue: (i) => store.addIssue(i),
      comment: (c) => store.addComment(c),
      label: (l) => store.addLabel(l),
      checkRun: (c) => store.addCheckRun(c),
      artifact: (a) => store.addArtifact(a),
      workflowRun: (w) => store.addWorkflowRun(w),
      pullRequest: (p) => store.addPullRequest(p),
      commit: (c) => store.addCommit(c),
    },
    violations: () => requests.flatMap((r) => r.violations.map((v) => `${r.method} ${r.path}${r.operationId ? ` (${r.operationId})` : ''}: ${v}`)),
    failNext(match, response, times = 1) {
      if (!(times > 0)) throw new Error('failNext: times must be > 0');
      injections.push({ match, response, remaining: times });
    },
    arrived(match = {}) {
      const already = arrivals.find((r) => matches(match, r));
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    settled(rec) {
      const d = done.get(rec);
      if (!d) return Promise.reject(new Error('settled: not a request of this fake'));
      return d.promise;
    },
    async close() {
      for (const end of [...forever]) end();
      for (const t of timers) {
        clearTimeout(t.timer);
        t.resolve();
      }
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
