/**
 * `flakeguard mcp [--remote URL|PATH] [--data-branch NAME] [--allow-writes]` (docs/mcp.md): the MCP server over stdio,
 * given the CLI's own adapters, so that each tool reads the data branch as `explain` reads it, finds a test as
 * `explain` and `release` find it, checks an override as `quarantine` checks it, and writes through the same safe
 * write loop (src/store/sync.ts) when it writes. Nothing but the protocol goes to stdout: messages go to stderr.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { McpDeps } from '../mcp/server.ts';
import { registerSecret } from '../text/escape.ts';
import { authEnv } from '../store/git-auth.ts';
import { readDataBranch, statsLineOf, writeOverrides, type DataOptions } from './data.ts';
import { explainTest } from './explain.ts';
import { overrideValue, planOverrides, resolveTest, selectTests } from './override.ts';

export interface McpCommand extends DataOptions {
  version: string;
  allowWrites: boolean;
}

/** The workspace's CODEOWNERS text, where GitHub would look for it, when the branch keeps no copy. */
async function workspaceCodeowners(cwd: string): Promise<string | undefined> {
  const { CODEOWNERS_LOCATIONS, CODEOWNERS_MAX_BYTES } = await import('../owners/index.ts');
  for (const location of CODEOWNERS_LOCATIONS) {
    const text = await readFile(join(cwd, location), 'utf8').catch(() => undefined);
    if (text !== undefined) return text.length < CODEOWNERS_MAX_BYTES ? text : undefined;
  }
  return undefined;
}

export async function mcpCommand(options: McpCommand): Promise<number> {
  if (options.token) registerSecret(options.token);
  const { serveStdio } = await import('../mcp/server.ts');
  const { branchOwnerTexts, ownerLookup } = await import('../mcp/core.ts');
  const { commitProposal } = await import('../mcp/propose-git.ts');
  const log = (message: string): void => void process.stderr.write(`flakeguard mcp: ${message}\n`);
  const deps: McpDeps = {
    version: options.version,
    dataBranch: options.branch,
    allowWrites: options.allowWrites,
    now: () => Date.now(),
    read: () => readDataBranch(options),
    owners: async (read) => {
      const onBranch = branchOwnerTexts(read.files);
      return ownerLookup(onBranch.codeowners ?? (await workspaceCodeowners(options.cwd)), onBranch.classMap);
    },
    commits: async (snapshot, id) => {
      const { latestChange, onsetOf } = await import('../onset/index.ts');
      const history = snapshot.history.get(id);
      const change = history ? latestChange(onsetOf(history.runs)) : undefined;
      if (!history || change?.base === undefined || change.head === undefined) return undefined;
      const { folderOf, rangeCommits, workspaceCommits } = await import('../github/onset-commits.ts');
      return rangeCommits([workspaceCommits(options.cwd)], change.base, change.head, history.file ? folderOf(history.file) : '');
    },
    explainText: (read, id, runs, commits) =>
      explainTest(read.snapshot, id, { dataBranch: options.branch, now: Date.now(), runs, line: (t) => statsLineOf(read.files, read.snapshot, t), ...(commits ? { commits } : {}) }),
    statsLine: (read, id) => read.snapshot.overrides.get(id)?.line ?? statsLineOf(read.files, read.snapshot, id),
    resolve: resolveTest,
    select: (snapshot, id) => selectTests(snapshot, { id })[0]!,
    overrideValue,
    planEdit: (read, id, value) => planOverrides(read.files, read.snapshot, [id], value)[0]!,
    commitProposal: (read, branch, changed, message, push) =>
      commitProposal({ cwd: options.cwd, remote: read.remote, dataBranch: options.branch, env: authEnv(read.remote, options.token ?? '') }, read.head, branch, changed, message, push),
    writeDataBranch: async (id, value, message) => {
      const { status } = await writeOverrides({ ...options, attempts: 8, log }, [id], value, message);
      return { status: status.kind, ...(status.kind === 'pushed' ? { commit: status.commit } : {}) };
    },
  };
  log(
    `serving the data branch '${options.branch}' over stdio${options.allowWrites ? ' (--allow-writes: proposals may be pushed, the data branch written)' : ' (read-only: proposals stay local branches)'}.`,
  );
  await serveStdio(deps);
  return 0;
}
