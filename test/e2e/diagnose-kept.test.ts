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
