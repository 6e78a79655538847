/**
 * The files through which a step talks to the runner: GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, which flakeguard
 * writes, and GITHUB_ENV, GITHUB_PATH and GITHUB_STATE, which it never writes. The runner creates them for each step
 * and reads them once the step has exited, keeping the last value of an output set twice.
 *
 * flakeguard writes its outputs and its summary through this module only (test/github/step-files.test.ts checks
 * that no other module calls the toolkit's writers), and remembers what it wrote. Before the step exits,
 * `verifyStepFiles` compares each file with what it held when the step started plus what flakeguard appended: any
 * other content was written by another process running as the same user (a process a re-run command or an earlier
 * step left behind). Then the step fails with an error naming the file, puts the file back to what flakeguard wrote
 * when it still can, and writes its outcome again, `failure`, last (docs/adr/0162-step-files-checked.md). A process
 * that writes after the step has exited is beyond any check of the step's.
 */
import * as core from '@actions/core';
import { appendFileSync, closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { EOL } from 'node:os';
import { commandText } from '../text/escape.ts';

/** The runner's file commands, by the variable that names each file. */
export const STEP_FILE_VARIABLES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'] as const;
type StepFileVariable = (typeof STEP_FILE_VARIABLES)[number];

/** Bytes of the files' expected content kept in memory to put a file back (beyond them, a file is only checked). */
const KEEP_BYTES = 16 << 20;

interface Watched {
  path: string;
  /** The expected size and the hash of the expected content: the file at the start, then flakeguard's appends. */
  size: number;
  hash: Hash;
  /** The expected content, while it fits KEEP_BYTES in all. */
  kept: Buffer[] | undefined;
}

/**
 * What this step wrote to its step files. Module state on purpose: the runner gives a process one set of step files
 * (one step), and every write of flakeguard's goes through this module, so what it remembers is the process's.
 * `watchStepFiles` starts it afresh.
 */
const step = {
  watched: new Map<StepFileVariable, Watched>(),
  /** Bytes held in `kept` across the files, at most KEEP_BYTES. */
  keptBytes: 0,
  /** The last value flakeguard gave each output, to write them again after another process's lines. */
  outputs: new Map<string, string>(),
};
const { watched, outputs } = step;

/** Reads a file in chunks (bounded memory): its hash, and its content when `keep` and no bigger than `limit`. */
function readWhole(path: string, limit: number): { size: number; hash: Hash; content?: Buffer } {
  const hash = createHash('sha256');
  const parts: Buffer[] = [];
  let size = 0;
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(64 << 10);
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
      hash.update(chunk.subarray(0, n));
      if (size + n <= limit) parts.push(Buffer.from(chunk.subarray(0, n)));
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  return { size, hash, ...(size <= limit ? { content: Buffer.concat(parts) } : {}) };
}

/**
 * Remembers the step files as they are now (the step's start). Only the files of the variables set in `env`; one
 * that cannot be read is not watched (the toolkit's own writes fail on it anyway).
 */
export function watchStepFiles(env: NodeJS.ProcessEnv = process.env): void {
  watched.clear();
  outputs.clear();
  step.keptBytes = 0;
  for (const variable of STEP_FILE_VARIABLES) {
    const path = env[variable];
    if (!path) continue;
    try {
      const read = readWhole(path, KEEP_BYTES - step.keptBytes);
      if (read.content) step.keptBytes += read.size;
      watched.set(variable, { path, size: read.size, hash: read.hash, kept: read.content ? [read.content] : undefined });
    } catch {
      // not there or not readable: nothing to compare with
    }
  }
}

/** Appends `text` to the file of `variable` (named by the environment) and counts it as flakeguard's. */
function append(variable: StepFileVariable, path: string, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  appendFileSync(path, bytes);
  const w = watched.get(variable);
  if (!w || w.path !== path) return;
  w.size += bytes.length;
  w.hash.update(bytes);
  if (w.kept && step.keptBytes + bytes.length <= KEEP_BYTES) {
    w.kept.push(bytes);
    step.keptBytes += bytes.length;
  } else if (w.kept) {
    step.keptBytes -= w.kept.reduce((n, b) => n + b.length, 0);
    w.kept = undefined;
  }
}

/** A value as the toolkit writes it: a string as it is, anything else as JSON, nothing as ''. */
function commandValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Sets a step output, as `core.setOutput` does (a heredoc with a random delimiter in GITHUB_OUTPUT). */
export function setOutput(name: string, value: unknown): void {
  const text = commandValue(value);
  outputs.set(name, text);
  const path = process.env.GITHUB_OUTPUT;
  if (!path) {
    core.setOutput(name, text);
    return;
  }
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter) || text.includes(delimiter)) throw new Error(`Unexpected input: name or value contains the delimiter ${delimiter}`);
  append('GITHUB_OUTPUT', path, `${name}<<${delimiter}${EOL}${text}${EOL}${delimiter}${EOL}`);
}

/** Appends markdown to the job summary, as `core.summary.addRaw(markdown).write()` does; rejects without GITHUB_STEP_SUMMARY. */
export async function appendSummary(markdown: string): Promise<void> {
  const path = process.env.GITHUB_STEP_SUMMARY;
  if (!path) throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.');
  append('GITHUB_STEP_SUMMARY', path, markdown);
}

export interface Tampering {
  variable: StepFileVariable;
  path: string;
  /** What differs, e.g. "412 bytes more than flakeguard wrote". */
  what: string;
}

/** The watched files whose content is not what they held at the start plus flakeguard's appends. */
export function checkStepFiles(): Tampering[] {
  const found: Tampering[] = [];
  for (const [variable, w] of watched) {
    let what: string | undefined;
    try {
      const size = statSync(w.path).size;
      if (size > w.size) what = `${size - w.size} bytes more than flakeguard wrote`;
      else if (size < w.size) what = `${w.size - size} bytes fewer than flakeguard wrote: some of its lines were removed`;
      else if (readWhole(w.path, 0).hash.digest('hex') !== w.hash.copy().digest('hex')) what = 'the same size as what flakeguard wrote, other content';
    } catch (error) {
      what = `it could not be read any more (${error instanceof Error ? error.message : String(error)})`;
    }
    if (what) found.push({ variable, path: w.path, what });
  }
  return found;
}

/** Puts a file back to what flakeguard expects in it; false when its content was not kept or the write failed. */
function restore(variable: StepFileVariable): boolean {
  const w = watched.get(variable);
  if (!w?.kept) return false;
  try {
    writeFileSync(w.path, Buffer.concat(w.kept));
    return true;
  } catch {
    return false;
  }
}

const NAMES: Record<StepFileVariable, string> = {
  GITHUB_OUTPUT: "the step's outputs (GITHUB_OUTPUT)",
  GITHUB_STEP_SUMMARY: 'this summary (GITHUB_STEP_SUMMARY)',
  GITHUB_ENV: 'the environment of the later steps (GITHUB_ENV)',
  GITHUB_PATH: 'the PATH of the later steps (GITHUB_PATH)',
  GITHUB_STATE: "the step's saved state (GITHUB_STATE)",
};

/**
 * The last thing the step does: when another process wrote to a step file during the step, fails the step with an
 * error per file, puts the files back where it can, writes its outputs again (the runner keeps the last value of each)
 * with `outcome` `failure`, and says so in the summary. Returns whether the files were as flakeguard wrote them.
 */
export function verifyStepFiles(): boolean {
  const tampered = checkStepFiles();
  if (tampered.length === 0) return true;
  const restored = new Set(tampered.filter((t) => restore(t.variable)).map((t) => t.variable));
  for (const t of tampered) {
    const fix = restored.has(t.variable) ? 'flakeguard put the file back to what it wrote' : 'flakeguard could not put the file back: do not trust it';
    core.setFailed(
      commandText(
        `Something other than flakeguard wrote to ${t.variable} during this step (${t.what}): a process running as the runner's user, such as one a re-run command or an earlier step left behind, may have forged ${NAMES[t.variable]}; ${fix}. The step fails (docs/rerun.md, "What a re-run command can do").`,
        2000,
      ),
    );
  }
  try {
    if (watched.has('GITHUB_OUTPUT')) {
      for (const [name, value] of [...outputs].filter(([name]) => name !== 'outcome')) setOutput(name, value);
    }
    setOutput('outcome', 'failure');
  } catch (error) {
    core.setFailed(commandText(`flakeguard could not write its outputs again: ${error instanceof Error ? error.message : String(error)}`, 1000));
  }
  const names = tampered.map((t) => NAMES[t.variable]);
  const files = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const summaryNote =
    `\n> [!CAUTION]\n> **Something other than flakeguard wrote to ${files} during the step.** ` +
    `${restored.size === tampered.length ? 'flakeguard removed what it did not write' : 'What flakeguard did not write may still be there'}, and the step fails. ` +
    `Any process running as the runner's user can do this, such as one a re-run command or an earlier step left behind ` +
    `(docs/rerun.md, "What a re-run command can do").\n`;
  appendSummary(summaryNote).catch(() => undefined);
  return false;
}
