/**
 * diagnoses.json survives the writes of other runs (docs/data-branch.md, "diagnoses.json"): only `mode: diagnose`
 * writes it, and a run of the default mode, which rewrites every file flakeguard owns, keeps it byte for byte.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { World, junitXml } from '../support/action.ts';
import { DIAGNOSES_FILE } from '../../src/diagnose/format.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

it('a run of the default mode keeps diagnoses.json as mode: diagnose wrote it', async () => {
  await world.writeReport('reports/unit.xml', junitXml([{ classname: 'app.Cart', name: 'total', attempts: 'FP', message: 'expected 3 to be 4' }]));
  expect((await world.run()).exitCode).toBe(0);
  const text = `{"schema": 1, "tests": {\n"app.Cart::total": {"category":"timing","at":"2026-11-29T02:00:00Z","evidence":[{"variation":"rest","executions":8,"failures":0},{"variation":"contention","executions":8,"failures":8}]}\n}}\n`;
  await world.editDataFile(DIAGNOSES_FILE, () => text);
  await world.commit('next');
  const run = await world.run();
  expect(run.exitCode, run.stderr).toBe(0);
  const files = await world.dataFiles();
  expect((await world.dataCommits()).length).toBe(3);
  expect(files.get(DIAGNOSES_FILE)).toBe(text);
}, 120_000);

it('the job summary names the diagnosis of each failed test that mode: diagnose diagnosed, hostile text escaped', async () => {
  const hostile = '<img src=x onerror=alert(1)> @mallory';
  await world.writeReport(
    'reports/unit.xml',
    junitXml([
      { classname: 'app.Cart', name: 'total', attempts: 'P' },
      { classname: 'app.Cart', name: hostile, attempts: 'P' },
    ]),
  );
  expect((await world.run()).exitCode).toBe(0);
  const rows = [
    `"app.Cart::total": {"category":"timing","at":"2026-11-29T02:00:00Z","evidence":[{"variation":"rest","executions":8,"failures":0},{"variation":"contention","executions":8,"failures":8}]}`,
    `${JSON.stringify(`app.Cart::${hostile}`)}: {"category":"order-dependent","at":"2026-11-29T02:00:00Z","polluter":"app.Cart::[pwn](https://evil.example) @mallory","evidence":[{"variation":"rest","executions":8,"failures":0},{"variation":"file","executions":8,"failures":8}]}`,
  ];
  await world.editDataFile(DIAGNOSES_FILE, () => `{"schema": 1, "tests": {\n${rows.join(',\n')}\n}}\n`);
  await world.commit('next');
  await world.writeReport(
    'reports/unit.xml',
    junitXml([
      { classname: 'app.Cart', name: 'total', attempts: 'FP', message: 'timed out' },
      { classname: 'app.Cart', name: hostile, attempts: 'FP', message: 'expected 1' },
      { classname: 'app.Cart', name: 'undiagnosed', attempts: 'FP', message: 'boom' },
    ]),
  );
  const run = await world.run();
  expect(run.exitCode, run.stderr).toBe(0);
  expect(run.summary).toContain('#### Diagnosed by experiment');
  expect(run.summary).toContain('- app.Cart&#58;&#58;total: **timing** (rest 0/8 · contention 8/8), diagnosed 2026-11-29');
  const from = run.summary.indexOf('#### Diagnosed by experiment');
  const section = run.summary.slice(from, run.summary.indexOf('(`mode: diagnose`, docs/diagnose.md)', from));
  expect(section).toContain('**order-dependent** (rest 0/8 · file 8/8; fails after');
  expect(section.split('\n\n')[1]).not.toContain('undiagnosed');
  expect(section).not.toMatch(/<img|\]\(https|(?<!&#64;|\\)@mallory/);
}, 180_000);
