/**
 * `npm run demo`: the bundled action (dist/index.js, Node 24) on five example CI runs against a data branch in a
 * local bare repository. No token, no network. Prints each run's outcome and the last job summary.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT, World } from '../test/support/action.ts';

const examples = join(PROJECT_ROOT, 'examples/reports');
const world = await World.create();
try {
  const runs = (await readdir(examples)).filter((d) => d.startsWith('run-')).sort();
  let last = '';
  for (const [i, dir] of runs.entries()) {
    await world.removeReports();
    await world.writeReport('reports/junit.xml', await readFile(join(examples, dir, 'junit.xml'), 'utf8'));
    await world.commit(`change ${i + 1}`);
    // What `steps.<id>.outcome` of the test step was in that run.
    const testOutcome = (await readFile(join(examples, dir, 'test-outcome'), 'utf8')).trim();
    const run = await world.run({ inputs: { 'test-outcome': testOutcome } });
    const o = run.outputs;
    console.log(
      `${dir}: outcome=${o.outcome} exit=${run.exitCode} failed=${o['failed-tests']} forgiven=${o['quarantined-failures']} ` +
        `blocking=${o['blocking-failures']} newly-quarantined=${o['newly-quarantined']} (${run.ms} ms)`,
    );
    if (String(run.exitCode === 0 ? 'success' : 'failure') !== o.outcome) throw new Error(`${dir}: exit code and outcome disagree`);
    last = run.summary;
  }
  console.log('\n--- job summary of the last run ---\n');
  console.log(last);
  const stats = [...(await world.dataFiles())].filter(([path]) => path.startsWith('stats/'));
  console.log('--- data branch: stats files (edit "override" to force or lift a quarantine) ---\n');
  for (const [path, text] of stats) console.log(`${path}\n${text}`);
} finally {
  await world.dispose();
}
