/**
 * The modules the bundled step loads at its start, per thread, recorded by a preload (`NODE_OPTIONS=--import`) that
 * logs every module load (module.registerHooks) and the creation of the worker. The main thread creates the step's
 * worker before it loads anything but the entry (src/action/main.ts), finds the report files for it
 * (src/action/early-clone.ts), and neither thread evaluates `@actions/exec` or
 * `@actions/io`, which `@actions/core` imports for `platform.getDetails` alone (scripts/build.ts, lazyPlatform).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_ENTRY, World, junitXml } from '../support/action.ts';
import { expectOutcome } from '../support/expect.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const PRELOAD = `
import { appendFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
const threads = createRequire(import.meta.url)('node:worker_threads');
const who = threads.isMainThread ? 'main' : 'worker';
const log = (line) => appendFileSync(process.env.FLAKEGUARD_TEST_LOADS, who + ' ' + line + '\\n');
registerHooks({
  load(url, context, next) {
    log('load ' + url);
    return next(url, context);
  },
});
if (threads.isMainThread) {
  const Real = threads.Worker;
  threads.Worker = class extends Real {
    constructor(...args) {
      log('new Worker');
      super(...args);
    }
  };
}
`;

/** What each thread did, in order: `load <file>` (files of dist/ only) and `new Worker`. */
function startOf(loads: string, dist: string): { main: string[]; worker: string[] } {
  const lines = readFileSync(loads, 'utf8').split('\n').filter(Boolean);
  const of = (who: string): string[] =>
    lines
      .filter((l) => l.startsWith(`${who} `))
      .map((l) => l.slice(who.length + 1))
      .filter((l) => l === 'new Worker' || l.startsWith(`load file://${dist}`))
      .map((l) => (l === 'new Worker' ? l : `load ${fileURLToPath(l.slice('load '.length)).slice(dist.length)}`));
  return { main: of('main'), worker: of('worker') };
}

/** The bundled modules a dist file holds (esbuild's `// path` comments). */
function modulesIn(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\/\/ (?:[a-z-]+:)?(?:\S*?\/)?((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]!);
}

/** Runs the step with the preload: what each thread loaded (files of dist/) and where it created the worker. */
async function startedStep(): Promise<{ main: string[]; worker: string[]; dist: string; stdout: string }> {
  await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'FP' }]));
  const preload = join(world.root, 'loads.mjs');
  const loads = join(world.root, 'loads.txt');
  writeFileSync(preload, PRELOAD);
  writeFileSync(loads, '');
  const dist = join(DIST_ENTRY, '..', '/');
  const run = await world.run({ env: { NODE_OPTIONS: `--import=${preload}`, FLAKEGUARD_TEST_LOADS: loads } });
  expectOutcome(run, 'success');
  const { main, worker } = startOf(loads, dist);
  // The worker ran the step.
  expect(worker).toContain('load chunks/action-run.js');
  return { main, worker, dist, stdout: run.stdout };
}

describe("the step's start", () => {
  it('creates the worker before the main thread loads any module but the entry', async () => {
    const { main } = await startedStep();
    expect(main.slice(0, 2)).toEqual(['load index.js', 'new Worker']);
    expect(main.filter((l) => l === 'new Worker')).toHaveLength(1);
    // Then the main thread loads what opens the clone.
    expect(main).toContain('load chunks/action-early-clone.js');
  });

  it('finds the report files on the main thread: the worker never loads @actions/glob, and reads the files found', async () => {
    const { main, worker, dist, stdout } = await startedStep();
    expect(stdout).toContain('1 report file matched.');
    expect(stdout).toContain('2 tests in 1 readable reports.');
    const globIn = (lines: string[]): string[] => lines.filter((l) => l.startsWith('load ') && modulesIn(join(dist, l.slice('load '.length))).some((m) => m.startsWith('node_modules/@actions/glob/')));
    expect(globIn(main)).not.toEqual([]);
    expect(globIn(worker)).toEqual([]);
  });

  it("writes @actions/glob's lines where the step wrote them: in the reports' group, before what it found", async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'FP' }]));
    const run = await world.run();
    expectOutcome(run, 'success');
    const lines = run.stdout.split('\n');
    const group = lines.indexOf('::group::Reading test reports');
    const matched = lines.indexOf('1 report file matched.');
    expect(group).toBe(0);
    expect(matched).toBeGreaterThan(group);
    const between = lines.slice(group + 1, matched);
    expect(
      between.every((l) => l.startsWith('::debug::')),
      between.join('\n'),
    ).toBe(true);
    expect(between).toContain(`::debug::Search path '${join(world.workspace, 'reports')}'`);
    expect(lines.filter((l) => l.startsWith('::debug::')).length).toBe(between.length + lines.slice(matched).filter((l) => l.startsWith('::debug::')).length);
  });

  it('runs on the main thread without a worker (FLAKEGUARD_YOUNG_MB=0), finding its reports itself', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'FP' }]));
    const run = await world.run({ env: { FLAKEGUARD_YOUNG_MB: '0' } });
    expectOutcome(run, 'success');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('::group::Reading test reports');
    expect(lines.indexOf(`::debug::Search path '${join(world.workspace, 'reports')}'`)).toBeGreaterThan(0);
    expect(lines).toContain('2 tests in 1 readable reports.');
    expect([...(await world.dataFiles()).keys()].length).toBeGreaterThan(0);
  });

  it('loads neither @actions/exec nor @actions/io in either thread', async () => {
    const { main, worker, dist } = await startedStep();
    for (const [thread, lines] of [
      ['main', main],
      ['worker', worker],
    ] as const) {
      const modules = lines.filter((l) => l.startsWith('load ')).flatMap((l) => modulesIn(join(dist, l.slice('load '.length))));
      // The worker loads @actions/core itself (core.js), only not what its platform export would import.
      if (thread === 'worker') expect(modules).toContain('node_modules/@actions/core/lib/core.js');
      else expect(modules.length).toBeGreaterThan(0);
      expect(
        modules.filter((m) => m.startsWith('node_modules/@actions/exec/') || m.startsWith('node_modules/@actions/io/')),
        `${thread} loaded @actions/exec or @actions/io`,
      ).toEqual([]);
    }
  });
});
