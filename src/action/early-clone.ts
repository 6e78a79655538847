/**
 * The data branch is fetched from the main thread while the step's worker starts and loads its modules (about 80 ms
 * before it could ask itself; on GitHub a fetch is a network round trip). The main thread opens the private clone
 * and fetches into it exactly as the step would (src/store/git.ts), then hands the clone to the step, which adopts it
 * (DataRepo.adopt) when it would have opened the same one, and opens its own otherwise.
 *
 * The main thread decides nothing and logs nothing: a failed fetch is the step's first failed fetch (it is retried
 * and reported as any), and anything else (a bad input, another mode) means no clone, which the step handles itself.
 *
 * Both speed tricks, this one and the prefetch of a clone the step opens itself, stay behind the step's DataBranch
 * (openStepBranch, src/action/stages.ts): the stages read and write the branch through it and never see how it was fetched.
 */
import { rm } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import type { ParkedRef } from '../store/inbox-refs.ts';
import { inputsFromEnv, readInputs, type Inputs } from '../config/inputs.ts';
import { contextFromEnv, type GitHubContext } from '../config/context.ts';
import { readModeInputs } from '../config/mode-inputs.ts';
import { dataRemote } from '../config/remote.ts';
import { DataRepo } from '../store/git.ts';

export interface EarlyClone {
  dir: string;
  remote: string;
  /** What dataRemote was asked for `remote` (remoteQuestion). */
  question: string;
  branch: string;
  inbox: boolean;
  fetched: { ok: { head: string | null; parked: ParkedRef[] } } | { error: string };
}

type Message = { kind: 'clone'; clone: EarlyClone } | { kind: 'none' };

/** Opens the step's clone and fetches into it, then posts it on `port` (or `none`). */
export async function cloneAhead(env: NodeJS.ProcessEnv, port: MessagePort): Promise<void> {
  let message: Message = { kind: 'none' };
  try {
    const get = inputsFromEnv(env);
    // The other modes read the branch their own way (src/modes/).
    if (readModeInputs(get).mode === 'run') {
      const inputs = readInputs(get);
      const ctx = contextFromEnv(env);
      const inbox = !(inputs.readOnly || ctx.fromFork);
      const remote = await dataRemote(inputs, ctx);
      const repo = await DataRepo.open(remote, inputs.dataBranch, inputs.token, ctx.runnerTemp || undefined);
      const fetched = await repo.fetchWithInbox(inbox).then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
      message = { kind: 'clone', clone: { dir: repo.dir, remote, question: remoteQuestion(inputs, ctx), branch: inputs.dataBranch, inbox, fetched } };
    }
  } catch {
    // the step opens its own clone and reports what went wrong
  }
  port.postMessage(message);
  port.close();
}

/** The clone the main thread posts on `port`, or undefined (none, or the port closed first). */
export function cloneFrom(port: MessagePort): Promise<EarlyClone | undefined> {
  return new Promise((resolve) => {
    port.once('message', (message: Message) => {
      port.close();
      resolve(message.kind === 'clone' ? message.clone : undefined);
    });
    port.once('close', () => resolve(undefined));
  });
}

/**
 * All that dataRemote (src/config/remote.ts) reads: one question has one answer in both threads, which run on the
 * same environment and workspace.
 */
export function remoteQuestion(inputs: Pick<Inputs, 'remote'>, ctx: Pick<GitHubContext, 'workspace' | 'serverUrl' | 'repository'>): string {
  return JSON.stringify([inputs.remote, ctx.workspace, ctx.serverUrl, ctx.repository]);
}

/**
 * The data branch's remote for the step: the main thread's answer when it was asked the same question, else dataRemote's
 * (a git process when it is the workspace's `origin`).
 */
export async function stepRemote(early: Promise<EarlyClone | undefined> | undefined, inputs: Inputs, ctx: GitHubContext): Promise<string> {
  const clone = await early;
  return clone?.question === remoteQuestion(inputs, ctx) ? clone.remote : dataRemote(inputs, ctx);
}

/** The step's clone: the early one when it is the one the step would open (same remote, branch and inbox). */
export async function openClone(early: Promise<EarlyClone | undefined> | undefined, remote: string, branch: string, token: string, inbox: boolean, tempRoot: string | undefined): Promise<DataRepo> {
  const clone = await early;
  if (clone && clone.remote === remote && clone.branch === branch && clone.inbox === inbox) {
    const fetched = 'ok' in clone.fetched ? Promise.resolve(clone.fetched.ok) : Promise.reject(new Error(clone.fetched.error));
    return DataRepo.adopt(clone.dir, remote, branch, token, inbox, fetched);
  }
  // Another clone than the step's: removed (the main thread's exit would remove it too).
  if (clone) await rm(clone.dir, { recursive: true, force: true });
  const repo = await DataRepo.open(remote, branch, token, tempRoot);
  repo.prefetch(inbox);
  return repo;
}
