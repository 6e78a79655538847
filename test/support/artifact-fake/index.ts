/**
 * A local fake of the GitHub Actions artifact service that `@actions/artifact` v2+ talks to:
 *
 * - the "results" service: Twirp JSON over HTTP at `ACTIONS_RESULTS_URL`
 *   (`POST /twirp/github.actions.results.api.v1.ArtifactService/<Method>`), authorised by `ACTIONS_RUNTIME_TOKEN`,
 *   a JWT whose `scp` claim carries `Actions.Results:<workflow run backend id>:<job run backend id>`;
 * - blob storage behind the signed URLs it hands out (the Azure Blob protocol's block blob: `PUT ?comp=block`,
 *   `PUT ?comp=blocklist`, a single-shot `PUT` with `x-ms-blob-type: BlockBlob`, and `GET`).
 *
 * Every request that the real service would refuse, or that breaks the protocol, is recorded as a violation
 * (tests assert `violations()` is empty) and answered with an error. With `github`, each finalized artifact is
 * also seeded into the GitHub REST fake (`seed.artifact`), so `listArtifacts`/`downloadArtifact` with `findBy`
 * (the REST path used from another workflow run) see it too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FakeGitHub } from '../github-fake/index.ts';

const SERVICE = 'github.actions.results.api.v1.ArtifactService';
const INVALID_NAME = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

export interface FakeArtifact {
  id: number;
  /** The numeric workflow run id (as GitHub's REST API shows it). */
  runId: number;
  runBackendId: string;
  jobBackendId: string;
  name: string;
  version: number;
  mimeType?: string;
  expiresAt?: string;
  createdAt: string;
  /** Staged, not yet committed blocks. */
  blocks: Map<string, Buffer>;
  /** The committed blob. */
  content?: Buffer;
  finalized: boolean;
  size?: number;
  digest?: string;
  writeSig: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** Twirp method, or `blob:<operation>`. */
  operation: string;
  body?: unknown;
  status?: number;
  violations: string[];
}

export interface JobIdentity {
  runId: number;
  /** The job's name (its backend id is derived from it). */
  job?: string;
}

export interface FakeArtifactService {
  /** ACTIONS_RESULTS_URL */
  url: string;
  /** A runtime token for one job of one workflow run. */
  runtimeToken(job: JobIdentity): string;
  /** `ACTIONS_RESULTS_URL` and `ACTIONS_RUNTIME_TOKEN` for one job. */
  env(job: JobIdentity): Record<string, string>;
  artifacts: FakeArtifact[];
  calls: RecordedCall[];
  violations(): string[];
  /** A finalized artifact with these bytes, as if a job of `runId` had uploaded it. */
  seed(a: { runId: number; name: string; bytes: Uint8Array; job?: string }): FakeArtifact;
  close(): Promise<void>;
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function uuidFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function twirpError(res: ServerResponse, status: number, code: string, msg: string): void {
  const body = JSON.stringify({ code, msg });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function json(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function azureHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'x-ms-request-id': randomBytes(8).toString('hex'), 'x-ms-version': '2025-01-05', date: new Date().toUTCString(), ...extra };
}

/** Value of a protobuf wrapper in Twirp JSON: a plain value (or, leniently, `{value}`). */
function wrapped(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object' && 'value' in (v as Record<string, unknown>)) return String((v as { value: unknown }).value);
  return String(v);
}

export async function startArtifactFake(opts: { github?: FakeGitHub; headSha?: string } = {}): Promise<FakeArtifactService> {
  const artifacts: FakeArtifact[] = [];
  const calls: RecordedCall[] = [];
  const tokens = new Map<string, { runBackendId: string; jobBackendId: string; runId: number }>();
  let nextId = 7_000_000;
  let baseUrl = '';

  const identity = (job: JobIdentity) => {
    const runBackendId = uuidFrom(`run:${job.runId}`);
    const jobBackendId = uuidFrom(`job:${job.runId}:${job.job ?? 'job'}`);
    return { runBackendId, jobBackendId };
  };

  const runtimeToken = (job: JobIdentity): string => {
    const { runBackendId, jobBackendId } = identity(job);
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64url({ typ: 'JWT', alg: 'RS256', x5t: 'fake' })}.${b64url({
      nameid: 'dddddddd-dddd-dddd-dddd-dddddddddddd',
      scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}`,
      iat: now,
      exp: now + 6 * 3600,
      ac: '[{"Scope":"refs/heads/main","Permission":3}]',
    })}.${randomBytes(32).toString('base64url')}`;
    tokens.set(token, { runBackendId, jobBackendId, runId: job.runId });
    return token;
  };

  const finalize = (a: FakeArtifact, content: Buffer): void => {
    a.finalized = true;
    a.size = content.length;
    a.digest = `sha256:${createHash('sha256').update(content).digest('hex')}`;
    opts.github?.seed.artifact({
      id: a.id,
      name: a.name,
      run_id: a.runId,
      zip: new Uint8Array(content),
      size_in_bytes: content.length,
      digest: a.digest,
      ...(opts.headSha ? { head_sha: opts.headSha } : {}),
    });
  };

  const blobUrl = (a: FakeArtifact, sig: string, permission: string): string =>
    `${baseUrl}/fakeaccount/actions-results/${a.runBackendId}/${a.id}.zip?sv=2025-01-05&sp=${permission}&se=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}&sig=${encodeURIComponent(sig)}`;

  async function twirp(req: IncomingMessage, res: ServerResponse, call: RecordedCall, method: string, raw: Buffer): Promise<void> {
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const who = auth ? tokens.get(auth[1]!) : undefined;
    if (!who) {
      call.violations.push('no valid runtime token (Authorization: Bearer <ACTIONS_RUNTIME_TOKEN>)');
      return twirpError(res, 401, 'unauthenticated', 'unauthorized');
    }
    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) call.violations.push(`content-type ${req.headers['content-type']} is not application/json`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      call.violations.push('body is not JSON');
      return twirpError(res, 400, 'malformed', 'the request body is not JSON');
    }
    call.body = body;
    const runId = body.workflow_run_backend_id;
    const jobId = body.workflow_job_run_backend_id;
    if (runId !== who.runBackendId) {
      call.violations.push(`workflow_run_backend_id ${String(runId)} is not the token's (${who.runBackendId})`);
      return twirpError(res, 403, 'permission_denied', 'the token does not grant access to this workflow run');
    }
    // Writing is for the token's own job; reading (list, download) for any job of the token's run.
    if ((method === 'CreateArtifact' || method === 'FinalizeArtifact') && jobId !== who.jobBackendId) {
      call.violations.push(`workflow_job_run_backend_id ${String(jobId)} is not the token's (${who.jobBackendId})`);
      return twirpError(res, 403, 'permission_denied', 'the token does not grant access to this job');
    }
    const name = typeof body.name === 'string' ? body.name : undefined;
    switch (method) {
      case 'CreateArtifact': {
        if (!name || INVALID_NAME.some((c) => name.includes(c))) {
          call.violations.push(`invalid artifact name ${JSON.stringify(name)}`);
          return twirpError(res, 400, 'invalid_argument', 'invalid artifact name');
        }
        const version = Number(body.version ?? 0);
        if (version < 4) call.violations.push(`version ${version}: the results service only serves artifact versions 4 and up`);
        if (artifacts.some((a) => a.runBackendId === who.runBackendId && a.name === name)) {
          return twirpError(res, 409, 'already_exists', 'an artifact with this name already exists on the workflow run');
        }
        const a: FakeArtifact = {
          id: ++nextId,
          runId: who.runId,
          runBackendId: who.runBackendId,
          jobBackendId: who.jobBackendId,
          name,
          version,
          createdAt: new Date().toISOString(),
          blocks: new Map(),
          finalized: false,
          writeSig: randomBytes(16).toString('hex'),
        };
        const mime = wrapped(body.mime_type);
        if (mime !== undefined) a.mimeType = mime;
        const expires = wrapped(body.expires_at);
        if (expires !== undefined) a.expiresAt = expires;
        artifacts.push(a);
        return json(res, { ok: true, signed_upload_url: blobUrl(a, a.writeSig, 'cw') });
      }
      case 'FinalizeArtifact': {
        const a = artifacts.find((x) => x.runBackendId === who.runBackendId && x.name === name && !x.finalized);
        if (!a) {
          call.violations.push(`FinalizeArtifact of ${JSON.stringify(name)}, which was not created (or is already finalized)`);
          return twirpError(res, 404, 'not_found', 'artifact not found');
        }
        if (!a.content) {
          call.violations.push(`FinalizeArtifact of ${JSON.stringify(name)} before its blob was committed`);
          return twirpError(res, 400, 'failed_precondition', 'no blob uploaded');
        }
        const size = Number(wrapped(body.size) ?? '0');
        if (size !== a.content.length) call.violations.push(`FinalizeArtifact says ${size} bytes; the blob has ${a.content.length}`);
        const hash = wrapped(body.hash);
        const actual = `sha256:${createHash('sha256').update(a.content).digest('hex')}`;
        if (hash !== undefined && hash !== actual) call.violations.push(`FinalizeArtifact hash ${hash} is not the blob's ${actual}`);
        finalize(a, a.content);
        return json(res, { ok: true, artifact_id: String(a.id) });
      }
      case 'ListArtifacts': {
        const nameFilter = wrapped(body.name_filter);
        const idFilter = wrapped(body.id_filter);
        const list = artifacts
          .filter((a) => a.finalized && a.runBackendId === who.runBackendId)
          .filter((a) => nameFilter === undefined || a.name === nameFilter)
          .filter((a) => idFilter === undefined || String(a.id) === idFilter);
        return json(res, {
          artifacts: list.map((a) => ({
            workflow_run_backend_id: a.runBackendId,
            workflow_job_run_backend_id: a.jobBackendId,
            database_id: String(a.id),
            name: a.name,
            size: String(a.size ?? 0),
            created_at: a.createdAt,
            ...(a.digest ? { digest: a.digest } : {}),
          })),
        });
      }
      case 'GetSignedArtifactURL': {
        const a = artifacts.find((x) => x.finalized && x.runBackendId === who.runBackendId && x.jobBackendId === jobId && x.name === name);
        if (!a) return twirpError(res, 404, 'not_found', 'artifact not found');
        return json(res, { signed_url: blobUrl(a, readSig(a), 'r') });
      }
      case 'DeleteArtifact': {
        const i = artifacts.findIndex((x) => x.finalized && x.runBackendId === who.runBackendId && x.name === name);
        if (i < 0) return twirpError(res, 404, 'not_found', 'artifact not found');
        const [a] = artifacts.splice(i, 1);
        return json(res, { ok: true, artifact_id: String(a!.id) });
      }
      default:
        call.violations.push(`unknown method ${method}`);
        return twirpError(res, 404, 'bad_route', `no handler for ${method}`);
    }
  }

  const readSigs = new Map<number, string>();
  const readSig = (a: FakeArtifact): string => {
    let sig = readSigs.get(a.id);
    if (!sig) readSigs.set(a.id, (sig = randomBytes(16).toString('hex')));
    return sig;
  };

  function blob(req: IncomingMessage, res: ServerResponse, call: RecordedCall, url: URL, raw: Buffer, id: number): void {
    const a = artifacts.find((x) => x.id === id);
    const sig = url.searchParams.get('sig');
    if (!a) {
      call.violations.push(`blob of unknown artifact ${id}`);
      res.writeHead(404, azureHeaders({ 'x-ms-error-code': 'BlobNotFound' }));
      return void res.end();
    }
    const method = req.method ?? 'GET';
    if (method === 'GET') {
      call.operation = 'blob:get';
      if (!a.finalized || !a.content || sig !== readSigs.get(a.id)) {
        call.violations.push('blob read without a valid read signature');
        res.writeHead(403, azureHeaders({ 'x-ms-error-code': 'AuthenticationFailed' }));
        return void res.end();
      }
      res.writeHead(
        200,
        azureHeaders({
          'content-type': a.mimeType ?? 'application/zip',
          'content-length': String(a.content.length),
          'content-disposition': `attachment; filename="${a.name}.zip"`,
          etag: `"0x${a.id.toString(16)}"`,
        }),
      );
      return void res.end(a.content);
    }
    if (method !== 'PUT') {
      call.violations.push(`blob ${method} is not a block blob operation`);
      res.writeHead(405, azureHeaders());
      return void res.end();
    }
    if (sig !== a.writeSig || a.finalized) {
      call.violations.push('blob write without a valid write signature (or after FinalizeArtifact)');
      res.writeHead(403, azureHeaders({ 'x-ms-error-code': 'AuthenticationFailed' }));
      return void res.end();
    }
    const comp = url.searchParams.get('comp');
    if (comp === 'block') {
      call.operation = 'blob:stage-block';
      const blockId = url.searchParams.get('blockid') ?? '';
      if (!/^[A-Za-z0-9+/=]+$/.test(blockId)) call.violations.push(`block id ${JSON.stringify(blockId)} is not base64`);
      const lengths = new Set([...a.blocks.keys()].map((k) => k.length));
      if (lengths.size > 0 && !lengths.has(blockId.length)) call.violations.push('block ids of one blob must all have the same length');
      if (req.headers['content-length'] !== undefined && Number(req.headers['content-length']) !== raw.length) call.violations.push('content-length does not match the body');
      a.blocks.set(blockId, raw);
      res.writeHead(201, azureHeaders({ 'x-ms-request-server-encrypted': 'true', 'content-length': '0' }));
      return void res.end();
    }
    if (comp === 'blocklist') {
      call.operation = 'blob:commit-block-list';
      const ids = [...raw.toString('utf8').matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g)].map((m) => m[2]!);
      const parts: Buffer[] = [];
      for (const blockId of ids) {
        const block = a.blocks.get(blockId);
        if (!block) {
          call.violations.push(`commit lists block ${blockId}, which was not staged`);
          res.writeHead(400, azureHeaders({ 'x-ms-error-code': 'InvalidBlockList' }));
          return void res.end();
        }
        parts.push(block);
      }
      a.content = Buffer.concat(parts);
      a.blocks.clear();
      const type = req.headers['x-ms-blob-content-type'];
      if (typeof type === 'string') a.mimeType = type;
      res.writeHead(201, azureHeaders({ etag: `"0x${a.id.toString(16)}"`, 'last-modified': new Date().toUTCString(), 'content-length': '0' }));
      return void res.end();
    }
    if (comp === null && req.headers['x-ms-blob-type'] === 'BlockBlob') {
      call.operation = 'blob:put';
      a.content = raw;
      const type = req.headers['x-ms-blob-content-type'];
      if (typeof type === 'string') a.mimeType = type;
      res.writeHead(201, azureHeaders({ etag: `"0x${a.id.toString(16)}"`, 'last-modified': new Date().toUTCString(), 'content-length': '0' }));
      return void res.end();
    }
    call.violations.push(`unsupported blob PUT (comp=${comp}, x-ms-blob-type=${String(req.headers['x-ms-blob-type'])})`);
    res.writeHead(400, azureHeaders({ 'x-ms-error-code': 'UnsupportedQueryParameter' }));
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', baseUrl);
      const call: RecordedCall = { method: req.method ?? 'GET', path: url.pathname, operation: '', violations: [] };
      calls.push(call);
      res.on('finish', () => (call.status = res.statusCode));
      const route = new RegExp(`^/twirp/${SERVICE.replace(/\./g, '\\.')}/([A-Za-z]+)$`).exec(url.pathname);
      const blobRoute = /^\/fakeaccount\/actions-results\/[^/]+\/(\d+)\.zip$/.exec(url.pathname);
      Promise.resolve()
        .then(() => {
          if (route && req.method === 'POST') {
            call.operation = route[1]!;
            return twirp(req, res, call, route[1]!, raw);
          }
          if (blobRoute) return blob(req, res, call, url, raw, Number(blobRoute[1]));
          call.violations.push(`no such endpoint: ${req.method} ${url.pathname}`);
          return twirpError(res, 404, 'bad_route', 'no such endpoint');
        })
        .catch((error: unknown) => {
          call.violations.push(`fake crashed: ${error instanceof Error ? error.stack : String(error)}`);
          if (!res.headersSent) twirpError(res, 500, 'internal', 'fake crashed');
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${baseUrl}/`,
    runtimeToken,
    env: (job) => ({ ACTIONS_RESULTS_URL: `${baseUrl}/`, ACTIONS_RUNTIME_TOKEN: runtimeToken(job) }),
    artifacts,
    calls,
    violations: () => calls.flatMap((c) => c.violations.map((v) => `${c.method} ${c.path} (${c.operation || '?'}): ${v}`)),
    seed: ({ runId, name, bytes, job }) => {
      const { runBackendId, jobBackendId } = identity({ runId, job });
      const a: FakeArtifact = {
        id: ++nextId,
        runId,
        runBackendId,
        jobBackendId,
        name,
        version: 7,
        mimeType: 'application/zip',
        createdAt: new Date().toISOString(),
        blocks: new Map(),
        finalized: false,
        writeSig: randomBytes(16).toString('hex'),
      };
      a.content = Buffer.from(bytes);
      artifacts.push(a);
      finalize(a, a.content);
      return a;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
