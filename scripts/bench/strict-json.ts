/**
 * What the strict JSON check (src/store/strict-json.ts) costs on a generated data branch: JSON.parse alone against
 * strictJsonFault, on every file, and the whole parseSnapshot: minimum and median of `--repeat` rounds.
 *
 *   node_modules/.bin/node scripts/bench/strict-json.ts [--tests 10000] [--runs 200] [--repeat 9]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { buildSuite, generateBranch } from './step.ts';
import { strictJsonFault } from '../../src/store/strict-json.ts';
import { parseSnapshot } from '../../src/store/snapshot.ts';

const { values } = parseArgs({ options: { tests: { type: 'string', default: '10000' }, runs: { type: 'string', default: '200' }, repeat: { type: 'string', default: '9' } } });
const tests = Number(values.tests);
const runs = Number(values.runs);
const repeat = Number(values.repeat);
const started = Date.now();
const files = generateBranch(buildSuite(tests), runs, Date.now());
const json = [...files].filter(([path]) => path.endsWith('.json'));
const bytes = json.reduce((n, [, text]) => n + text.length, 0);
console.log(`${tests} tests, ${runs} runs: ${json.length} JSON files, ${(bytes / 1e6).toFixed(1)} MB, generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/** Minimum and median: on a shared machine the minimum is the cost, the median how loaded the machine was. */
const stats = (xs: number[]): string => {
  xs.sort((a, b) => a - b);
  return `${xs[0]!.toFixed(1)} ms (median ${xs[Math.floor(xs.length / 2)]!.toFixed(1)})`;
};
const time = (f: () => void): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const parseOnly: number[] = [];
const check: number[] = [];
const snapshot: number[] = [];
for (let i = 0; i < repeat; i++) {
  const parsed = json.map(([, text]) => JSON.parse(text) as unknown);
  parseOnly.push(time(() => json.forEach(([, text]) => JSON.parse(text))));
  check.push(
    time(() =>
      json.forEach(([, text], j) => {
        if (strictJsonFault(text, parsed[j])) throw new Error('fault');
      }),
    ),
  );
  snapshot.push(time(() => parseSnapshot(files)));
}
console.log(
  `JSON.parse of every file ${stats(parseOnly)}; strictJsonFault on top ${stats(check)}; parseSnapshot (check included) ${stats(snapshot)}; ${repeat} rounds, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
