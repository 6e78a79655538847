/**
 * What the step warns of when a re-run round is voided (docs/rerun.md, "What you see"): a runner that is not installed
 * (`spawn node_modules/.bin/jest ENOENT`), a custom command bash could not find (exit code 127), or any other reason,
 * each with its fix. A voided round proves nothing and the failed tests are judged without re-runs, so the person who
 * set the step up must hear of it: a warning annotation, and the top of the job summary. Pure.
 */

/** The runners whose presets start `node_modules/.bin/<runner>`: installed by the project's `npm ci`. */
const NPM_RUNNERS = new Set(['jest', 'vitest', 'mocha']);

export interface VoidedRound {
  round: number;
  /** Why the round was voided (RoundAnswer.why). */
  why: string;
  /** The preset that ran, or the custom command (the `rerun` input). */
  preset?: string;
  command?: string;
  /** Whether the custom command's first word is a command found here (src/rerun/typo.ts `commandFound`). */
  firstWordFound?: boolean;
}

const FIX = 'or set rerun: to the command that runs your tests';

export function voidedWarning(v: VoidedRound): string {
  const head = `Re-runs: round ${v.round} was voided: `;
  const missing = /spawn (\S+) ENOENT/.exec(v.why);
  if (missing) {
    const bin = missing[1]!;
    const runner = v.preset ?? bin.split('/').pop()!;
    const install = NPM_RUNNERS.has(runner) ? `Install ${runner} (npm ci before this step)` : `Install ${bin.split('/').pop()!} before this step`;
    return `${head}${bin} was not found (${missing[0]}). ${install} ${FIX} (docs/rerun-presets.md).`;
  }
  if (v.preset === undefined && /\bexit code 127\b/.test(v.why)) {
    const first = (v.command ?? '').trim().split(/\s+/)[0] ?? '';
    if (v.firstWordFound === false && first !== '') {
      return `${head}\`${first}\` was not found (exit code 127, command not found). Install it before this step ${FIX} (a preset's name, e.g. rerun: vitest; docs/rerun-presets.md).`;
    }
    return `${head}a command it runs was not found (exit code 127, command not found; the re-run log shows which). Install it before this step ${FIX} (docs/rerun.md).`;
  }
  return `${head}${v.why.replace(/\.$/, '')}. The failed tests are judged without re-runs (docs/rerun.md, "What you see").`;
}
