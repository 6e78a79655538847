/**
 * `npm run demo`: the bundled action (dist/index.js, Node 24) on five example CI runs against a data branch in a
 * local bare repository. No token, no network. It says in one sentence per run what happened and why, writes the
 * last job summary to a file (and shows it as text), and keeps its world so that the data branch and the CLI can be
 * tried on it; `npm run demo -- --clean` removes it at the end instead.
 *
 * One clock: run N of the examples is dated N−5 days before the last run, which runs now (or at `--at <ISO time>`,
 * for a demo that renders the same every day). Each run's report timestamps, its commit and the step's own clock
 * (through an `--import` module that moves Date, as a runner whose clock says that time) all read that date, so the
 * quarantine's `since`, the decisions, the data branch's commits and the runs agree (docs/adr/0451-demo-one-clock.md).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT, World } from '../test/support/action.ts';
import { parseReportFiles } from '../src/junit/index.ts';
import { finalAttemptFailed } from '../src/policy/outcome.ts';
import { isFailure } from '../src/model.ts';
import { markdownToText } from '../src/cli/terminal.ts';
import type { FakeGitHub } from '../test/support/github-fake/index.ts';

const { values: args } = parseArgs({ options: { clean: { type: 'boolean', default: false }, at: { type: 'string' }, 'pull-request': { type: 'boolean', default: false } } });
const clean = args.clean;
const DAY = 86_400_000;
/** The last run's time: `--at`, else now (to the minute). */
const lastRun = args.at === undefined ? Math.floor(Date.now() / 60_000) * 60_000 : Date.parse(args.at);
if (!Number.isFinite(lastRun)) throw new Error(`--at takes an ISO time (2026-11-20T09:00:00Z); got '${args.at}'`);
const examples = join(PROJECT_ROOT, 'examples/reports');
const runs = (await readdir(examples)).filter((d) => d.startsWith('run-')).sort();
/** Run i's time (0-based): one day apart, the last at `lastRun`. */
const runTime = (i: number): number => lastRun - (runs.length - 1 - i) * DAY;
const world = await World.create({ date: runTime(0) - DAY });
/** The report with its timestamps moved so that its earliest is `at`, the others as far after it as they were. */
const dated = (xml: string, at: number): string => {
  const stamps = [...xml.matchAll(/timestamp="([^"]+)"/g)].map((m) => Date.parse(m[1]!)).filter(Number.isFinite);
  const shift = stamps.length > 0 ? at - Math.min(...stamps) : 0;
  return xml.replace(/timestamp="([^"]+)"/g, (whole, t: string) => (Number.isFinite(Date.parse(t)) ? `timestamp="${new Date(Date.parse(t) + shift).toISOString().replace('.000Z', 'Z')}"` : whole));
};
// The step's clock: Date moved by FLAKEGUARD_DEMO_SKEW_MS in the action's process and its worker.
const clockModule = join(world.root, 'clock.mjs');
await writeFile(
  clockModule,
  `const skew = Number(process.env.FLAKEGUARD_DEMO_SKEW_MS ?? 0);
const RealDate = Date;
const realNow = RealDate.now;
class DemoDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(realNow() + skew); else super(...args); }
  static now() { return realNow() + skew; }
}
globalThis.Date = DemoDate;
`,
);
const list = (ids: string[]): string => (ids.length <= 1 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`);
const was = (ids: string[]): string => (ids.length === 1 ? 'was' : 'were');

console.log(`The demo's world is in ${world.root}:`);
console.log(`  ${relative(world.root, world.remote)}   a bare repository playing your GitHub repository; the action keeps its data branch 'flakeguard-data' there`);
console.log(`  ${relative(world.root, world.workspace)}    the checkout each CI run tests\n`);

// --pull-request: the last run is a pull request's run (#7) against the local GitHub fake, which keeps the comment.
const TOKEN = 'ghs_demo_token';
let gh: FakeGitHub | undefined;
let pr = 0;
if (args['pull-request']) {
  const { startGitHubFake } = await import('../test/support/github-fake/index.ts');
  gh = await startGitHubFake({ owner: 'octo', repo: 'project', token: TOKEN });
  pr = gh.seed.issue({ title: 'Apply the loyalty discount at checkout' }).number;
}

let quarantinedBefore = new Set<string>();
let summaryFile = '';
let commentFile = '';
try {
  for (const [i, dir] of runs.entries()) {
    const at = runTime(i);
    await world.removeReports();
    await world.writeReport('reports/junit.xml', dated(await readFile(join(examples, dir, 'junit.xml'), 'utf8'), at));
    // Pushed ten minutes before its CI run.
    await world.commit(`change ${i + 1}`, { date: at - 600_000 });
    // What `steps.<id>.outcome` of the test step was in that run.
    const testOutcome = (await readFile(join(examples, dir, 'test-outcome'), 'utf8')).trim();
    const asPullRequest = gh !== undefined && i === runs.length - 1;
    const run = await world.run({
      inputs: { 'test-outcome': testOutcome, ...(asPullRequest ? { token: TOKEN } : {}) },
      env: { NODE_OPTIONS: `--import=${pathToFileURL(clockModule).href}`, FLAKEGUARD_DEMO_SKEW_MS: String(at - Date.now()), ...(asPullRequest ? { GITHUB_API_URL: gh!.url } : {}) },
      ...(asPullRequest
        ? {
            eventName: 'pull_request',
            ref: `refs/pull/${pr}/merge`,
            event: { repository: { default_branch: 'main', full_name: 'octo/project' }, pull_request: { number: pr, head: { repo: { full_name: 'octo/project' } } } },
          }
        : {}),
    });
    if (asPullRequest) {
      const comment = gh!.state.comments.find((c) => c.issue_number === pr);
      if (!comment) throw new Error(`run ${i + 1} left no comment on the pull request:\n${run.stdout}`);
      commentFile = join(world.root, 'pr-comment.md');
      await writeFile(commentFile, comment.body);
    }
    const o = run.outputs;
    if (String(run.exitCode === 0 ? 'success' : 'failure') !== o.outcome) throw new Error(`${dir}: exit code and outcome disagree`);

    // The sentence: what the reports say, and what the action made of it.
    const { tests } = await parseReportFiles([join(world.workspace, 'reports/junit.xml')], { workspace: world.workspace });
    const failed = tests.filter(finalAttemptFailed).map((t) => t.id);
    const retried = tests.filter((t) => !finalAttemptFailed(t) && t.attempts.some((a) => isFailure(a.status))).map((t) => t.id);
    const forgiven = failed.filter((id) => quarantinedBefore.has(id));
    const blocking = failed.filter((id) => !quarantinedBefore.has(id));
    const newly = JSON.parse(o['newly-quarantined'] ?? '[]') as string[];
    const parts: string[] = [];
    if (failed.length === 0 && retried.length === 0) parts.push(`all ${tests.length} tests passed at their first attempt`);
    for (const id of retried) {
      parts.push(
        newly.includes(id)
          ? `${id} failed and then passed on its retry, on the same commit: that retry proves it flaky, so it is now quarantined and its next failures will be forgiven`
          : `${id} failed and then passed on its retry${quarantinedBefore.has(id) ? ' (it stays quarantined)' : ''}, so nothing fails`,
      );
    }
    if (forgiven.length > 0)
      parts.push(`${list(forgiven)} failed at every attempt, but ${forgiven.length === 1 ? 'it was' : 'they were'} quarantined before this run, so the failure is forgiven with a warning`);
    if (blocking.length > 0) parts.push(`${list(blocking)} failed and ${was(blocking)} not quarantined: a real regression, which fails the job`);
    for (const id of newly.filter((id) => !retried.includes(id))) parts.push(`${id} is now quarantined`);
    if (testOutcome !== 'success' && failed.length === 0) parts.push(`the test step failed without a failing test, which fails the job`);
    console.log(`Run ${i + 1} ${o.outcome === 'success' ? 'passed' : 'FAILED'} (exit code ${run.exitCode}): ${parts.join('; ')}.`);
    quarantinedBefore = new Set(JSON.parse(o['quarantined-tests'] ?? '[]') as string[]);

    summaryFile = join(world.root, 'summary.md');
    await writeFile(summaryFile, run.summary);
  }

  if (commentFile) console.log(`\nRun ${runs.length} ran on pull request #${pr}: the comment flakeguard keeps there is in ${commentFile}.`);
  console.log(`\nThe job summary of the last run, as GitHub would show it, is in ${summaryFile}. As text:\n`);
  console.log(markdownToText(await readFile(summaryFile, 'utf8')));

  const cli = 'npm run flakeguard --';
  const remote = world.remote;
  console.log('Try it yourself (from this project folder):');
  console.log(`  ${cli} explain "retries on 503" --remote ${remote}                 # its history, scores, state and why`);
  console.log(`  ${cli} quarantine "applies discount" --reason "try it" --until 2099-12-31 --remote ${remote}`);
  console.log(`  ${cli} release "retries on 503" --remote ${remote}                 # "override": "never"`);
  console.log(`  ${cli} summary ${summaryFile}`);
  console.log(`  git -C ${remote} show flakeguard-data:stats/00.json                  # the stats file a hand edit changes`);
  const pkg = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  if (pkg.scripts?.dashboard) console.log(`  npm run dashboard -- ${remote}                                          # the dashboard of the data branch`);
  console.log(
    `\nA hand edit takes effect on the next run. ${clean ? 'The world is removed now (--clean).' : `The world stays until you remove it: rm -rf ${world.root} (or run the demo with --clean).`}`,
  );
} finally {
  await gh?.close();
  if (clean) await world.dispose();
}
