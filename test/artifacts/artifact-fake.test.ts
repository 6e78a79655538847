/**
 * The artifact service fake against the real `@actions/artifact` client, in process: what the client sends is
 * what the fake checks, so a change in either shows up here.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startArtifactFake, type FakeArtifactService } from '../support/artifact-fake/index.ts';
import { startGitHubFake, type FakeGitHub } from '../support/github-fake/index.ts';
import { readZip } from '../../src/artifacts/zip.ts';

let service: FakeArtifactService;
let gh: FakeGitHub;
let dir: string;
let DefaultArtifactClient: typeof import('@actions/artifact').DefaultArtifactClient;
const saved = { ...process.env };

// @actions/github reads GITHUB_API_URL when it is first imported: point it at the fake before loading the client.
beforeAll(async () => {
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: 'ghs_fake' });
  process.env.GITHUB_API_URL = gh.url;
  saved.GITHUB_API_URL = gh.url;
  ({ DefaultArtifactClient } = await import('@actions/artifact'));
});
afterAll(async () => {
  await gh.close();
});

beforeEach(async () => {
  gh.state.artifacts.length = 0;
  gh.requests.length = 0;
  service = await startArtifactFake({ github: gh });
  dir = await mkdtemp(join(tmpdir(), 'artifact-fake-'));
  process.env.GITHUB_WORKSPACE = dir;
  process.env.GITHUB_SERVER_URL = 'https://github.com';
});
afterEach(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

async function files(): Promise<{ root: string; paths: string[] }> {
  const root = join(dir, 'up');
  await mkdir(join(root, 'sub'), { recursive: true });
  await writeFile(join(root, 'a.json'), '{"a":1}\n');
  await writeFile(join(root, 'sub', 'b.txt'), 'b'.repeat(10_000));
  return { root, paths: [join(root, 'a.json'), join(root, 'sub', 'b.txt')] };
}

describe('artifact fake with @actions/artifact', () => {
  it('uploads, lists and downloads within a run (Twirp + block blobs), and via the REST API from another run', async () => {
    Object.assign(process.env, service.env({ runId: 42, job: 'shard-1' }));
    const client = new DefaultArtifactClient();
    const { root, paths } = await files();
    const up = await client.uploadArtifact('flakeguard-one', paths, root, { retentionDays: 7 });
    expect(up.id).toBeGreaterThan(0);
    expect(up.size).toBe(service.artifacts[0]!.content!.length);

    // Another job of the same run lists and downloads it through the results service.
    Object.assign(process.env, service.env({ runId: 42, job: 'aggregate' }));
    const { artifacts } = await client.listArtifacts();
    expect(artifacts.map((a) => [a.name, a.id])).toEqual([['flakeguard-one', up.id]]);
    const raw = join(dir, 'raw');
    await client.downloadArtifact(up.id!, { path: raw, skipDecompress: true });
    const [file] = await readdir(raw);
    const entries = readZip(await readFile(join(raw, file!)));
    expect([...entries.keys()].sort()).toEqual(['a.json', 'sub/b.txt']);
    expect(entries.get('a.json')!.toString()).toBe('{"a":1}\n');
    const extracted = join(dir, 'extracted');
    await client.downloadArtifact(up.id!, { path: extracted });
    expect(await readFile(join(extracted, 'sub', 'b.txt'), 'utf8')).toBe('b'.repeat(10_000));

    // A job of another run sees nothing of run 42 through the results service...
    Object.assign(process.env, service.env({ runId: 43, job: 'x' }));
    expect((await client.listArtifacts()).artifacts).toEqual([]);
    // ...but finds it through the REST API with a token (findBy), as a workflow_run job does.
    const findBy = { token: 'ghs_fake', workflowRunId: 42, repositoryOwner: 'octo', repositoryName: 'project' };
    const listed = await client.listArtifacts({ findBy });
    expect(listed.artifacts.map((a) => a.name)).toEqual(['flakeguard-one']);
    const viaRest = join(dir, 'rest');
    await client.downloadArtifact(listed.artifacts[0]!.id, { path: viaRest, skipDecompress: true, findBy });
    const [restFile] = await readdir(viaRest);
    expect(
      readZip(await readFile(join(viaRest, restFile!)))
        .get('a.json')!
        .toString(),
    ).toBe('{"a":1}\n');

    expect(service.violations()).toEqual([]);
    expect(gh.violations()).toEqual([]);
    expect(service.calls.map((c) => c.operation)).toEqual(
      expect.arrayContaining(['CreateArtifact', 'blob:stage-block', 'blob:commit-block-list', 'FinalizeArtifact', 'ListArtifacts', 'GetSignedArtifactURL', 'blob:get']),
    );
  });

  it('refuses a second artifact of the same name in one run, as the service does', async () => {
    Object.assign(process.env, service.env({ runId: 7, job: 'a' }));
    const client = new DefaultArtifactClient();
    const { root, paths } = await files();
    await client.uploadArtifact('same', paths, root);
    Object.assign(process.env, service.env({ runId: 7, job: 'b' }));
    await expect(client.uploadArtifact('same', paths, root)).rejects.toThrow(/409|already exists|Conflict/i);
  });

  it('records a request the service would refuse: a token for another run', async () => {
    const token = service.runtimeToken({ runId: 1, job: 'a' });
    const other = service.runtimeToken({ runId: 2, job: 'a' });
    const otherIds = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString())
      .scp.split(' ')[1]
      .split(':');
    const res = await fetch(new URL('/twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts', service.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workflow_run_backend_id: otherIds[1], workflow_job_run_backend_id: otherIds[2] }),
    });
    expect(res.status).toBe(403);
    expect(service.violations()).toEqual([expect.stringMatching(/workflow_run_backend_id .* is not the token's/)]);
  });
});
