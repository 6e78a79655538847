/**
 * Two versions of the pure core, decision for decision: every scenario's world driven by `drivePure` of this tree and
 * of another checkout (say, the commit before a speed change), compared run by run as `--check` compares the engines
 * (outcome, failed / forgiven / blocking counts, the quarantine set after each run).
 *
 *   git worktree add --detach ../old <commit> && ln -s "$PWD/node_modules" ../old/node_modules
 *   node_modules/.bin/node scripts/eval/versions.ts --old ../old [--seeds 2] [--scenarios classic,issue14] [--rerun off,on]
 *
 * Exit code 1 when any decision differs.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { drivePure, type DriveOptions, type Trace } from './driver.ts';
import { compareTraces } from './metrics.ts';
import { ISSUE14_SCENARIOS, SCENARIOS, scenarioByName } from './scenarios.ts';
import { generateWorld, type SimWorld } from './world.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const oldDir = option('old');
if (!oldDir) {
  console.error('usage: node scripts/eval/versions.ts --old <checkout> [--seeds 2] [--scenarios classic,issue14] [--rerun off,on]');
  process.exit(2);
}
const oldDriver = (await import(pathToFileURL(resolve(oldDir, 'scripts/eval/driver.ts')).href)) as { drivePure: (world: SimWorld, options?: DriveOptions) => Promise<Trace> };
const seeds = Number(option('seeds') ?? 2);
const scenarios = (option('scenarios') ?? 'classic,issue14').split(',').flatMap((n) => (n === 'issue14' ? ISSUE14_SCENARIOS : n === 'classic' ? SCENARIOS : [scenarioByName(n)]));
const reruns = (option('rerun') ?? 'off,on').split(',');
const rules = (option('rules') ?? 'evidence,pfs').split(',') as Array<NonNullable<DriveOptions['policy']>['rule']>;

let differences = 0;
let compared = 0;
for (const scenario of scenarios) {
  for (let seed = 1; seed <= seeds; seed++) {
    for (const rerun of reruns) {
      for (const rule of rules) {
        const world = generateWorld(scenario, seed);
        const options: DriveOptions = { policy: { rule }, ...(rerun === 'on' ? { rerun: {} } : {}) };
        const t0 = Date.now();
        const now = await drivePure(world, options);
        const t1 = Date.now();
        const before = await oldDriver.drivePure(generateWorld(scenario, seed), options);
        const t2 = Date.now();
        const difference = compareTraces(before, now);
        compared += now.invocations.length;
        if (difference) differences++;
        console.log(
          `${scenario.name} seed ${seed} rerun ${rerun} rule ${rule}: ${now.invocations.length} runs, ${difference ? `DIFFERENT: ${difference}` : 'identical decisions'} (this tree ${t1 - t0} ms, the other ${t2 - t1} ms)`,
        );
      }
    }
  }
}
console.log(`${compared} runs compared; ${differences} simulation${differences === 1 ? '' : 's'} with a difference`);
process.exitCode = differences > 0 ? 1 : 0;
