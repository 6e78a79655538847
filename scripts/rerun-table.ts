/**
 * The table "What that gives" of docs/rerun.md: re-runs of a failed test that keeps failing, alone in its run, for
 * a few histories, with the action's own rule (src/rerun/plan.ts; defaults rerun-attempts 3, rerun-attempts-max 6):
 * not quarantined, and quarantined with a known failure mode (re-run past the maximum as far as needed, up to 12).
 *   node scripts/rerun-table.ts
 */
import { answerKey, finishRerun, recordRound, roundCases, startRerun } from '../src/rerun/plan.ts';
import type { Attempt, ParsedTestCase, TestHistory } from '../src/model.ts';

const fill = (n: number, a: string): string[] => Array<string>(n).fill(a);
const ROWS: Array<[string, string[]]> = [
  ['never seen', []],
  ['3 runs, all passed', fill(3, 'P')],
  ['10 runs, all passed', fill(10, 'P')],
  ['50 runs, all passed', fill(50, 'P')],
  ['50 runs, 10% flaky, its failures passed on a re-run (`FP`)', [...fill(45, 'P'), ...fill(5, 'FP')]],
  ['50 runs, 40% flaky, re-run before (`FP`, `FFP`, `FFFP`)', [...fill(30, 'P'), ...fill(10, 'FP'), ...fill(6, 'FFP'), ...fill(4, 'FFFP')]],
  ['50 runs, 40% flaky, never re-run (single failing attempts, each followed by passing runs)', Array.from({ length: 50 }, (_, i) => (i % 5 < 2 ? 'F' : 'P'))],
  ['50 runs, 40% flaky, never re-run, the last 3 runs failed (a regression going on: they do not count)', [...Array.from({ length: 47 }, (_, i) => (i % 5 < 2 ? 'F' : 'P')), 'F', 'F', 'F']],
  ['50 runs, failures in bursts that then passed (`FFFP`)', [...fill(45, 'P'), ...fill(5, 'FFFP')]],
];

const failed = (): Attempt => ({ status: 'failed', message: 'boom' });
function keepsFailing(runs: string[], forgivable: boolean): string {
  const test: ParsedTestCase = { id: 't', name: 't', classname: 'c', suite: 's', report: 'r.xml', attempts: [failed()] };
  const history: TestHistory = { id: 't', name: 't', classname: 'c', runs: runs.map((attempts, i) => ({ run: `r${i}`, sha: `s${i}`, time: i, onDefaultBranch: true, attempts })) };
  const state = startRerun({
    failed: [test],
    extras: [],
    tests: [test],
    history: new Map(runs.length ? [['t', history]] : []),
    historyId: (id) => id,
    newTests: new Set(),
    window: 50,
    rule: { minReruns: 3, maxReruns: 6 },
    ...(forgivable ? { forgivable: new Set(['t']) } : {}),
  });
  while (roundCases(state).length > 0) recordRound(state, roundCases(state), { ok: true, attempts: new Map([[answerKey(test), [failed()]]]), seconds: 0 });
  const c = finishRerun(state, [test]).cases[0]!;
  return `${c.reruns.length} ${c.verdict}`;
}

console.log("| the test's last 50 runs | not quarantined | quarantined, known failure mode |");
console.log('| --- | --- | --- |');
for (const [label, runs] of ROWS) console.log(`| ${label} | ${keepsFailing(runs, false)} | ${keepsFailing(runs, true)} |`);
