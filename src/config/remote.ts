/** Which repository holds the data branch; no toolkit import, so that the main thread can ask before the step starts. */
import { isAbsolute, resolve } from 'node:path';
import type { Inputs } from './inputs.ts';
import type { GitHubContext } from './context.ts';
import { originUrl } from '../store/git.ts';

/**
 * The repository holding the data branch: `data-remote`, else the workspace's `origin`, else this repository
 * on the GitHub server (so that a job needs no checkout, which matters for `workflow_run` jobs: docs/forks.md).
 */
export async function dataRemote(inputs: Inputs, ctx: GitHubContext): Promise<string> {
  if (inputs.remote) return isAbsolute(inputs.remote) || /^[a-z]+:\/\//.test(inputs.remote) ? inputs.remote : resolve(ctx.workspace, inputs.remote);
  try {
    return await originUrl(ctx.workspace);
  } catch {
    return `${ctx.serverUrl}/${ctx.repository}.git`;
  }
}
