/**
 * The server's wiring (src/mcp/server.ts) through the SDK's own client over a linked in-memory transport, with the
 * CLI's real checks (src/cli/override.ts) and a fake branch: each tool's schema is strict, a refusal is a tool error
 * carrying the CLI's message, writes need --allow-writes, and a data-branch write goes through the given write loop.
 * test/e2e/mcp.test.ts runs the bundle over stdio against a real branch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer, type BranchRead, type McpDeps } from '../../src/mcp/server.ts';
import { overrideValue, planOverrides, resolveTest, selectTests } from '../../src/cli/override.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';

const ID = 'api.C::retries';
const STATS = `{"schema": 4, "tests": {\n${JSON.stringify(ID)}: {"override":null,"quarantined":true,"reason":"flaky","since":"2026-11-02"}\n}}\n`;

function branch(): BranchRead {
  const files = new Map([
    ['flakeguard.json', '{"schema": 4, "shards": 1, "writes": 1, "ingested": {}}\n'],
    ['stats/00.json', STATS],
  ]);
  return { snapshot: parseSnapshot(files), files, head: 'a'.repeat(40), remote: '/remote.git' };
}

const calls: string[] = [];
function deps(allowWrites: boolean): McpDeps {
  return {
    version: 'test',
    dataBranch: 'flakeguard-data',
    allowWrites,
    now: () => Date.UTC(2026, 10, 29),
    read: async () => branch(),
    owners: async () => () => [],
    commits: async () => undefined,
    explainText: () => 'text',
    statsLine: () => 2,
    resolve: resolveTest,
    select: (snapshot, id) => selectTests(snapshot, { id })[0]!,
    overrideValue,
    planEdit: (read, id, value) => planOverrides(read.files, read.snapshot, [id], value)[0]!,
    commitProposal: async (_read, name, changed, message, push) => {
      calls.push(`commit ${name} ${[...changed.keys()].join(',')} push=${push} ${message}`);
      return { branch: name, commit: 'c'.repeat(40), pushed: push, repository: '/work/.git' };
    },
    writeDataBranch: async (id, value) => {
      calls.push(`write ${id} ${JSON.stringify(value)}`);
      return { status: 'pushed', commit: 'd'.repeat(40) };
    },
  };
}

let client: Client;
async function connect(allowWrites = false): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await createServer(deps(allowWrites)).connect(a);
  client = new Client({ name: 'test', version: '1' });
  await client.connect(b);
  return client;
}
afterEach(async () => {
  calls.length = 0;
  await client?.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: Record<string, unknown> };

describe('the MCP server', () => {
  it('refuses unknown keys, out-of-range values and unknown runners before any tool runs', async () => {
    await connect();
    for (const [name, args, words] of [
      ['list_tests', { states: 'flaky' }, /states/],
      ['list_tests', { limit: 0 }, /limit/],
      ['list_tests', { owner: 'octo team' }, /owner/],
      ['list_tests', { path: '../etc' }, /relative/],
      ['list_tests', { since: 'last tuesday' }, /--since takes a run number/],
      ['explain_test', { test: ID, runs: 1.5 }, /runs/],
      ['explain_test', { test: ID, runner: 'bash' }, /runner/],
      ['fix_bundle', {}, /test/],
      ['propose_change', { kind: 'delete', test: ID }, /kind/],
      ['propose_change', { kind: 'auto', test: ID, reason: 'x' }, /auto removes the override/],
      ['propose_change', { kind: 'release', test: ID, cells: ['os=linux'] }, /--cells goes with quarantine/],
      ['propose_change', { kind: 'release', test: 'retries' }, /No test has the exact id 'retries'/],
    ] as const) {
      const r = await call(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(r.content[0]!.text, `${name} ${JSON.stringify(args)}`).toMatch(words);
    }
    expect(calls).toEqual([]);
  });

  it('makes a proposal without --allow-writes, and refuses a push or a data-branch write', async () => {
    await connect();
    const made = await call('propose_change', { kind: 'release', test: ID, reason: 'fixed' });
    expect(made.isError, made.content[0]!.text).toBeFalsy();
    expect(made.structuredContent).toMatchObject({
      kind: 'release',
      id: ID,
      file: 'stats/00.json',
      line: 2,
      override_before: null,
      override_after: { action: 'never', reason: 'fixed' },
      pushed: false,
    });
    expect(calls).toEqual([expect.stringMatching(/^commit flakeguard\/propose-release-api-c-retries-[0-9a-f]{6} stats\/00\.json push=false flakeguard mcp: api\.C::retries: release/)]);
    for (const args of [{ push: true }, { write_data_branch: true }]) {
      const r = await call('propose_change', { kind: 'release', test: ID, ...args });
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toMatch(/needs the server started with --allow-writes/);
    }
    expect(calls).toHaveLength(1);
  });

  it('with --allow-writes writes the data branch only through the write loop it is given', async () => {
    await connect(true);
    const r = await call('propose_change', { kind: 'quarantine', test: ID, until: '2026-12-31', write_data_branch: true });
    expect(r.isError, r.content[0]!.text).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ data_branch_written: 'pushed', commit: 'd'.repeat(40) });
    expect(calls).toEqual([`write ${ID} {"action":"quarantine","until":"2026-12-31"}`]);
    const both = await call('propose_change', { kind: 'release', test: ID, push: true, write_data_branch: true });
    expect(both.content[0]!.text).toMatch(/not both/);
  });
});
