/**
 * Reads blobs out of git's object store with one `git cat-file --batch`, a piece of its output at a time: each
 * blob becomes its text as soon as its bytes are in, so the step never holds the whole output in one buffer: at 100k
 * tests that buffer is 43 MB, outside the heap and alive until the write (measured in docs/benchmarks-archive.md,
 * "Issue #16, work in proportion to what changed").
 */
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { GitError } from './git-process.ts';

export interface BatchObject {
  sha: string;
  type: string;
  /** The object's bytes; only valid during the callback (may be a view of git's output). */
  bytes: Buffer;
}

/**
 * Splits `git cat-file --batch` output (`<sha> <type> <size>\n<bytes>\n`, or `<name> missing\n`) into objects, fed
 * chunk by chunk. Pure: no I/O.
 */
export class BatchParser {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private header: { sha: string; type: string; size: number } | undefined;
  private readonly onObject: (o: BatchObject) => void;
  constructor(onObject: (o: BatchObject) => void) {
    this.onObject = onObject;
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (!this.header) {
        const eol = chunk.indexOf(10, at);
        if (eol === -1) {
          this.keep(chunk.subarray(at));
          return;
        }
        const line = this.take(chunk.subarray(at, eol)).toString('latin1');
        at = eol + 1;
        const parts = line.split(' ');
        if (parts[1] === 'missing' || parts.length !== 3 || !/^\d+$/.test(parts[2]!)) throw new GitError(`git cat-file gave '${line.slice(0, 200)}'`, '', null);
        this.header = { sha: parts[0]!, type: parts[1]!, size: Number(parts[2]) };
      }
      const need = this.header.size + 1 - this.pendingBytes; // the bytes and their newline
      if (chunk.length - at < need) {
        this.keep(chunk.subarray(at));
        return;
      }
      const whole = this.take(chunk.subarray(at, at + need));
      at += need;
      if (whole[whole.length - 1] !== 10) throw new GitError(`git cat-file output is out of step after ${this.header.sha}`, '', null);
      const { sha, type } = this.header;
      this.header = undefined;
      this.onObject({ sha, type, bytes: whole.subarray(0, whole.length - 1) });
    }
  }

  /** Throws when the output stopped in the middle of an object. */
  end(): void {
    if (this.header || this.pendingBytes > 0) throw new GitError('git cat-file output ended in the middle of an object', '', null);
  }

  private keep(piece: Buffer): void {
    this.pending.push(piece);
    this.pendingBytes += piece.length;
  }

  /** What was kept plus `piece`, as one buffer; empties what was kept. */
  private take(piece: Buffer): Buffer {
    if (this.pending.length === 0) return piece;
    const all = Buffer.concat([...this.pending, piece]);
    this.pending = [];
    this.pendingBytes = 0;
    return all;
  }
}

/** Runs `git cat-file --batch` on `shas` in `cwd`, calling `onObject` for each object in order. */
export function catFileBatch(cwd: string, shas: readonly string[], env: Record<string, string>, onObject: (o: BatchObject) => void, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const parser = new BatchParser(onObject);
    let failed: unknown;
    let stderr = '';
    const timer = setTimeout(() => {
      failed ??= new GitError(`git cat-file timed out after ${timeoutMs} ms`, stderr, null);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        parser.push(chunk);
      } catch (error) {
        failed = error;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      failed ??= new GitError(`git cat-file failed: ${error.message}`, stderr, null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!failed && code !== 0) failed = new GitError(`git cat-file failed: ${stderr.trim() || `exit code ${code}`}`, stderr, code);
      if (!failed) {
        try {
          parser.end();
        } catch (error) {
          failed = error;
        }
      }
      if (failed) reject(failed);
      else resolve();
    });
    child.stdin.on('error', () => undefined); // git exited early: its exit code and stderr say why
    child.stdin.end(shas.length > 0 ? `${shas.join('\n')}\n` : '');
  });
}
