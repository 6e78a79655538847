/**
 * The main thread's early clone (src/action/early-clone.ts) against a real bare repository, over a real
 * MessageChannel: the step adopts the clone the main thread fetched when it is the one it would open, and opens its own
 * otherwise; a failed early fetch is the step's first failed fetch, and the next one fetches again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { cloneAhead, cloneFrom, earlyFrom, earlyReports, keepingStdout, openClone, stepRemote, type EarlyClone } from '../../src/action/early-clone.ts';
import { findReports } from '../../src/pipeline/find-reports.ts';
import { inputsFromEnv, readInputs } from '../../src/config/inputs.ts';
import { contextFromEnv } from '../../src/config/context.ts';
import { dataRemote } from '../../src/config/remote.ts';
import { runGit } from '../../src/store/git-process.ts';

let root: string;
let remote: string;
let workspace: string;
let head: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'flakeguard-early-'));
  remote = join(root, 'remote.git');
  workspace = join(root, 'work');
  await mkdir(join(root, 'temp'));
  await runGit(root, ['init', '-q', '--bare', remote]);
  await runGit(root, ['init', '-q', workspace]);
  await runGit(workspace, ['remote', 'add', 'origin', remote]);
  const seed = join(root, 'seed');
  await runGit(root, ['init', '-q', '-b', 'flakeguard-data', seed]);
  await runGit(seed, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'data']);
  await runGit(seed, ['push', '-q', remote, 'flakeguard-data']);
  head = (await runGit(seed, ['rev-parse', 'HEAD'])).trim();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function env(inputs: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: join(root, 'temp'), GITHUB_REPOSITORY: 'octo/project', INPUT_REPORTS: 'reports/*.xml' };
  for (const [name, value] of Object.entries(inputs)) out[`INPUT_${name.toUpperCase()}`] = value;
  return out;
}

/** What the main thread posts for `inputs`, as the step's worker receives it. */
async function ahead(inputs: Record<string, string> = {}): Promise<EarlyClone | undefined> {
  const { port1, port2 } = new MessageChannel();
  const received = cloneFrom(port1);
  await cloneAhead(env(inputs), port2);
  return received;
}

describe('the early clone', () => {
  it('is fetched on the main thread and adopted by the step, which reads the branch without fetching again', async () => {
    const clone = await ahead();
    expect(clone).toMatchObject({ remote, branch: 'flakeguard-data', inbox: true, fetched: { ok: { head, parked: [] } } });
    expect(clone!.dir.startsWith(join(root, 'temp', 'flakeguard-data-'))).toBe(true);
    // The remote is gone: a second fetch would fail, so a head read now is the early fetch's.
    await rm(remote, { recursive: true, force: true });
    const repo = await openClone(Promise.resolve(clone), remote, 'flakeguard-data', '', true, join(root, 'temp'));
    expect(repo.dir).toBe(clone!.dir);
    expect((await repo.fetchWithInbox(true)).head).toBe(head);
    await expect(repo.fetchWithInbox(true)).rejects.toThrow(/git fetch failed|ls-remote/);
    await repo.dispose();
    expect(existsSync(clone!.dir)).toBe(false);
  });

  it('is not used when the step would open another (read-only: no inbox), and is removed', async () => {
    const clone = await ahead();
    const repo = await openClone(Promise.resolve(clone), remote, 'flakeguard-data', '', false, join(root, 'temp'));
    expect(repo.dir).not.toBe(clone!.dir);
    expect(existsSync(clone!.dir)).toBe(false);
    expect((await repo.fetchWithInbox(false)).head).toBe(head);
    await repo.dispose();
  });

  it('reports a failed fetch to the step as its first failed fetch; the step fetches again', async () => {
    const gone = join(root, 'later.git');
    const clone = await ahead({ 'data-remote': gone });
    expect(clone?.fetched).toMatchObject({ error: expect.stringMatching(/later\.git/) });
    const repo = await openClone(Promise.resolve(clone), gone, 'flakeguard-data', '', true, join(root, 'temp'));
    expect(repo.dir).toBe(clone!.dir);
    await expect(repo.fetchWithInbox(true)).rejects.toThrow(/later\.git/);
    await runGit(root, ['clone', '-q', '--bare', remote, gone]);
    expect((await repo.fetchWithInbox(true)).head).toBe(head);
    await repo.dispose();
  });

  it('is none in another mode or with a bad input, and the step opens its own', async () => {
    expect(await ahead({ mode: 'aggregate' })).toBeUndefined();
    expect(await ahead({ 'push-attempts': 'many' })).toBeUndefined();
    const repo = await openClone(Promise.resolve(undefined), remote, 'flakeguard-data', '', true, join(root, 'temp'));
    expect((await repo.fetchWithInbox(true)).head).toBe(head);
    await repo.dispose();
  });

  it("gives the step the main thread's answer to where the data branch is when the question is the same, and dataRemote's otherwise", async () => {
    const stepOf = (inputs: Record<string, string> = {}) => ({ inputs: readInputs(inputsFromEnv(env(inputs))), ctx: contextFromEnv(env(inputs)) });
    const asked = async (inputs: Record<string, string>, early: Promise<EarlyClone | undefined> | undefined) => {
      const { inputs: i, ctx } = stepOf(inputs);
      return { step: await stepRemote(early, i, ctx), naive: await dataRemote(i, ctx) };
    };
    // Each case, against dataRemote asked again: the same remote, from origin, from data-remote, with and without a clone.
    const clone = await ahead();
    expect(clone?.remote).toBe(remote);
    for (const [inputs, early] of [
      [{}, Promise.resolve(clone)],
      [{}, undefined],
      [{}, Promise.resolve(undefined)],
      [{ 'data-remote': join(root, 'other.git') }, Promise.resolve(clone)],
      [{ 'data-remote': 'relative.git' }, Promise.resolve(clone)],
    ] as const) {
      const { step, naive } = await asked(inputs, early);
      expect(step, JSON.stringify(inputs)).toBe(naive);
    }
    const elsewhere = await ahead({ 'data-remote': join(root, 'other.git') });
    expect((await asked({}, Promise.resolve(elsewhere))).step).toBe(remote);
    // The same question is not asked again: with origin changed since, the step keeps the main thread's answer.
    await runGit(workspace, ['remote', 'set-url', 'origin', join(root, 'moved.git')]);
    const { inputs, ctx } = stepOf();
    expect(await stepRemote(Promise.resolve(clone), inputs, ctx)).toBe(remote);
    expect(await stepRemote(undefined, inputs, ctx)).toBe(join(root, 'moved.git'));
    if (clone) await rm(clone.dir, { recursive: true, force: true });
    if (elsewhere) await rm(elsewhere.dir, { recursive: true, force: true });
  });

  it('is undefined when the main thread goes away without answering', async () => {
    const { port1, port2 } = new MessageChannel();
    const received = cloneFrom(port1);
    port2.close();
    expect(await received).toBeUndefined();
  });

  it('gives the step the report files the main thread found, the same as findReports there, and only for the same patterns and workspace', async () => {
    // Varied trees and patterns: nested, negated, absolute, a link to a folder (not followed), names with spaces and quotes.
    for (const [dir, name] of [
      ['reports', 'a.xml'],
      ['reports/deep/er', "it's b.xml"],
      ['reports/skip', 'c.xml'],
      ['other', 'd.xml'],
      ['reports', 'notes.txt'],
      ['reports/deep', 'e f.XML'],
    ]) {
      await mkdir(join(workspace, dir!), { recursive: true });
      await writeFile(join(workspace, dir!, name!), '<testsuite/>');
    }
    await symlink(join(workspace, 'other'), join(workspace, 'reports', 'linked'));
    const cases = ['reports/*.xml', 'reports/**/*.xml', 'reports/**/*.xml\n!reports/skip/**', `${join(workspace, 'other')}/*.xml\nreports/**/*.xml`, '**/*.xml', '**/*.XML', 'nothing/*.xml'];
    for (const reports of cases) {
      const { port1, port2 } = new MessageChannel();
      const early = earlyFrom(port1);
      await cloneAhead(env({ reports }), port2);
      const step = { inputs: readInputs(inputsFromEnv(env({ reports }))), ctx: contextFromEnv(env({ reports })) };
      const naive = await written(() => findReports(step.inputs.reports, step.ctx.workspace));
      expect(await earlyReports(early.reports, step.inputs, step.ctx), reports).toEqual({ files: naive.value, written: naive.written });
      expect(naive.written, reports).toContain('::debug::Search path');
      // Another question (other patterns, another workspace): the step finds its own.
      expect(await earlyReports(early.reports, { reports: ['other/*.xml'] }, step.ctx)).toBeUndefined();
      expect(await earlyReports(early.reports, step.inputs, { workspace: root })).toBeUndefined();
      const clone = await early.clone;
      if (clone) await rm(clone.dir, { recursive: true, force: true });
    }
    expect(await findReports(['reports/**/*.xml'], workspace)).toContain(join(workspace, 'reports/deep/er', "it's b.xml"));
  });

  it('settles the clone and the reports on their own messages, in either order, and both on a close', async () => {
    const reports = { question: '["x"]', files: ['/a.xml'], written: '::debug::x\n' };
    const clone = { dir: '/d', remote: '/r', question: 'q', branch: 'b', inbox: true, fetched: { error: 'e' } };
    for (const order of [
      ['reports', 'clone'],
      ['clone', 'reports'],
    ]) {
      const { port1, port2 } = new MessageChannel();
      const early = earlyFrom(port1);
      for (const kind of order) port2.postMessage(kind === 'reports' ? { kind, reports } : { kind, clone });
      port2.close();
      expect(await early.reports).toEqual(reports);
      expect(await early.clone).toEqual(clone);
    }
    const { port1, port2 } = new MessageChannel();
    const early = earlyFrom(port1);
    port2.postMessage({ kind: 'none' });
    port2.close();
    expect(await early.clone).toBeUndefined();
    expect(await early.reports).toBeUndefined();
  });

  it('keeps what the work writes to stdout, and writes what other contexts write meanwhile', async () => {
    const passed: string[] = [];
    const real = process.stdout.write;
    process.stdout.write = ((chunk: string) => passed.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      // A write on a port's message, the port made before the work (as the worker's stdout piped through the main thread).
      const { port1, port2 } = new MessageChannel();
      const outside = new Promise<void>((resolve) =>
        port1.once('message', (text: string) => {
          process.stdout.write(text);
          resolve();
        }),
      );
      const kept = await keepingStdout(async () => {
        process.stdout.write('one\n');
        port2.postMessage('outside\n');
        await outside;
        await new Promise((r) => setTimeout(r, 0));
        process.stdout.write(Buffer.from('two \u00e9\n'));
        return 7;
      });
      expect(kept).toEqual({ value: 7, written: 'one\ntwo \u00e9\n' });
      process.stdout.write('after\n');
      expect(passed).toEqual(['outside\n', 'after\n']);
      port1.close();
    } finally {
      process.stdout.write = real;
    }
  });
});

/** What `work` writes to stdout, caught by a plain spy, and its value. */
async function written<T>(work: () => Promise<T>): Promise<{ value: T; written: string }> {
  const caught: string[] = [];
  const real = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => caught.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()) > 0) as typeof process.stdout.write;
  try {
    const value = await work();
    return { value, written: caught.join('') };
  } finally {
    process.stdout.write = real;
  }
}
