/** A git command that failed, with what it printed. */
export class GitError extends Error {
  readonly stderr: string;
  readonly exitCode: number | null;
  /** What git printed on stdout: `push --porcelain` reports each ref's fate there (`[remote rejected] … (hook declined)`). */
  readonly stdout: string;
  constructor(message: string, stderr: string, exitCode: number | null, stdout = '') {
    super(message);
    this.stderr = stderr;
    this.exitCode = exitCode;
    this.stdout = stdout;
  }
}
