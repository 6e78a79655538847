/**
 * The data branch is fetched from the main thread while the step's worker starts and loads its modules (about 80 ms
 * before it could ask itself; on GitHub a fetch is a network round trip). The main thread opens the private clone
 * and fetches into it exactly as the step would (src/store/git.ts), then hands the clone to the step, which adopts it
 * (DataRepo.adopt) when it would have opened the same one, and opens its own otherwise.
 *
 * The main thread decides nothing and logs nothing: a failed fetch is the step's first failed fetch (it is retried
 * and reported as any), and anything else (a bad input, another mode) means no clone, which the step handles itself.
 *
 * The main thread also finds the report files (the `reports` patterns, @actions/glob) as soon as it starts, and posts
 * them apart, before the clone: the step takes that list when it asked the same question (earlyReports), and never loads
 * the glob itself. What the glob writes on stdout (its `::debug::` lines) is kept, not written, and posted with the list:
 * the step writes it where it would have written it, in the reports' group (keepingStdout). Finding is read only: the same patterns on the same workspace give the same sorted list, a few
 * milliseconds apart; a failure posts nothing and the step finds them itself, reporting what went wrong.
 *
 * Both speed tricks, this one and the prefetch of a clone the step opens itself, stay behind the step's DataBranch
 * (openStepBranch, src/action/stages.ts): the stages read and write the branch through it and never see how it was fetched.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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

/**
 * The report files the main thread found: `files` for the patterns and workspace of `question` (reportsQuestion), and
 * what finding them wrote to stdout, for the step to write.
 */
export interface EarlyReports {
  question: string;
  files: string[];
  written: string;
}

type Message = { kind: 'clone'; clone: EarlyClone } | { kind: 'none' } | { kind: 'reports'; reports: EarlyReports };

/**
 * Finds the report files and posts them on `port` as soon as found, opens the step's clone and fetches into it, then
 * posts it (or `none`) and closes the port.
 */
export async function cloneAhead(env: NodeJS.ProcessEnv, port: MessagePort): Promise<void> {
  let message: Message = { kind: 'none' };
  let finding: Promise<void> | undefined;
  try {
    const get = inputsFromEnv(env);
    // The other modes read the branch their own way (src/modes/).
    if (readModeInputs(get).mode === 'run') {
      const inputs = readInputs(get);
      const ctx = contextFromEnv(env);
      const question = reportsQuestion(inputs, ctx);
      finding = import('../pipeline/find-reports.ts')
        .then(({ findReports }) => keepingStdout(() => findReports(inputs.reports, ctx.workspace)))
        .then(
          ({ value: files, written }) => port.postMessage({ kind: 'reports', reports: { question, files, written } } satisfies Message),
          () => undefined, // the step finds them itself and reports why it could not
        );
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
  await finding;
  port.close();
}

/**
 * What the main thread posts on `port`: the clone (undefined: none, or the port closed first) and the report files
 * (undefined: not found there). Each settles on its own message, in whichever order they come.
 */
export function earlyFrom(port: MessagePort): { clone: Promise<EarlyClone | undefined>; reports: Promise<EarlyReports | undefined> } {
  let clone!: (c: EarlyClone | undefined) => void;
  let reports!: (r: EarlyReports | undefined) => void;
  const out = { clone: new Promise<EarlyClone | undefined>((r) => (clone = r)), reports: new Promise<EarlyReports | undefined>((r) => (reports = r)) };
  port.on('message', (message: Message) => {
    if (message.kind === 'reports') reports(message.reports);
    else clone(message.kind === 'clone' ? message.clone : undefined);
  });
  port.once('close', () => {
    clone(undefined);
    reports(undefined);
  });
  return out;
}

/** The clone the main thread posts on `port`, or undefined (none, or the port closed first). */
export function cloneFrom(port: MessagePort): Promise<EarlyClone | undefined> {
  return earlyFrom(port).clone;
}

/**
 * Runs `work` with what it writes to process.stdout kept, not written, and returns it. Only writes made in `work`'s own
 * asynchronous context are kept (AsyncLocalStorage): what the worker's stdout pipes through this thread meanwhile is
 * written as always.
 */
export async function keepingStdout<T>(work: () => Promise<T>): Promise<{ value: T; written: string }> {
  const kept: string[] = [];
  const context = new AsyncLocalStorage<string[]>();
  const stdout = process.stdout;
  const write = stdout.write;
  stdout.write = function (this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const into = context.getStore();
    if (into === undefined) return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find((r): r is () => void => typeof r === 'function');
    if (done) process.nextTick(done);
    return true;
  } as typeof stdout.write;
  try {
    const value = await context.run(kept, work);
    return { value, written: kept.join('') };
  } finally {
    stdout.write = write;
  }
}

/** All that findReports reads: the patterns and the workspace they are resolved in. */
export function reportsQuestion(inputs: Pick<Inputs, 'reports'>, ctx: Pick<GitHubContext, 'workspace'>): string {
  return JSON.stringify([inputs.reports, ctx.workspace]);
}

/**
 * The main thread's report files, and what finding them wrote, when it was asked the same question; undefined (find
 * them here) otherwise.
 */
export async function earlyReports(
  early: Promise<EarlyReports | undefined> | undefined,
  inputs: Pick<Inputs, 'reports'>,
  ctx: Pick<GitHubContext, 'workspace'>,
): Promise<{ files: string[]; written: string } | undefined> {
  const found = await early;
  return found?.question === reportsQuestion(inputs, ctx) ? { files: found.files, written: found.written } : undefined;
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
