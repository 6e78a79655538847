/**
 * Whether a failed test's re-runs reproduced the run's failure (docs/rerun.md, "When the re-runs fail another way").
 * Pure. A re-run that fails, but another way than the run did, ran under other conditions (a runner flag, a variable
 * set only on the test step) more often than it shows a real failure: its streak of failures proves nothing about
 * the run's, and calling it "failed consistently" would be false.
 *
 * A failure's signature is its message (or the first line of its body) with colours removed, in the normal form the
 * history stores (src/history/error-message.ts), numbers masked (a count, a duration, a line that moved), and its
 * type when both sides give one. The re-runs reproduced the run's failure when one of their failures has a signature
 * of the run's failures; they did not when none does and at least one of each side has a signature. A side without
 * any message cannot be compared: the verdict is then the stopping rule's, as before.
 */
import { normalizeErrorMessage } from '../history/error-message.ts';
import { isFailure, type Attempt } from '../model.ts';

/** ANSI colour and cursor sequences (jest --color=true writes them into the report's messages). */
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
/** Characters of a signature compared at most: a long diff's tail says nothing more of its kind. */
const SIGNATURE_CHARS = 500;

export interface Signature {
  text: string;
  type?: string;
}

/** The raw text a failure is known by: its message, else the first non-empty line of its body. */
export function failureText(a: Attempt): string | undefined {
  const message = a.message?.trim();
  if (message) return message;
  const line = a.details
    ?.split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '');
  return line === undefined || line === '' ? undefined : line;
}

export function failureSignature(a: Attempt): Signature | undefined {
  const raw = failureText(a);
  if (raw === undefined) return undefined;
  const text = normalizeErrorMessage(raw.replace(ANSI, '')).replace(/\d+/g, '#').slice(0, SIGNATURE_CHARS);
  if (text === '') return undefined;
  const type = a.type?.trim();
  return type ? { text, type: type.toLowerCase() } : { text };
}

function same(a: Signature, b: Signature): boolean {
  return a.text === b.text && (a.type === undefined || b.type === undefined || a.type === b.type);
}

/** The run's failure and the re-runs' when the re-runs failed, every one with a signature none of the run's has. */
export interface Unreproduced {
  /** The run's last failure, as written. */
  run: string;
  /** The re-runs' last failure, as written. */
  rerun: string;
  /** The re-runs that failed. */
  failed: number;
}

export function unreproduced(run: readonly Attempt[], reruns: readonly Attempt[]): Unreproduced | undefined {
  const runFailures = run.filter((a) => isFailure(a.status));
  const rerunFailures = reruns.filter((a) => isFailure(a.status));
  const runSignatures = runFailures.map(failureSignature).filter((s): s is Signature => s !== undefined);
  const rerunSigned = rerunFailures.map((a) => ({ a, s: failureSignature(a) })).filter((x): x is { a: Attempt; s: Signature } => x.s !== undefined);
  if (runSignatures.length === 0 || rerunSigned.length === 0) return undefined;
  if (rerunSigned.some((x) => runSignatures.some((r) => same(r, x.s)))) return undefined;
  const lastRun = [...runFailures].reverse().find((a) => failureText(a) !== undefined)!;
  return { run: failureText(lastRun)!, rerun: failureText(rerunSigned[rerunSigned.length - 1]!.a)!, failed: rerunFailures.length };
}
