/**
 * The simulated world's re-run command (issue #14's custom-command contract), for the real action's engine:
 *
 *   rerun: node scripts/eval/rerun-command.ts <state.json>
 *
 * Reads FLAKEGUARD_RERUN_TESTS (JSON Lines: {"id","classname","name","file"?,"suite"?}), answers each test by the
 * world's `rerunRound` for FLAKEGUARD_RERUN_ROUND (deterministic in the world's seed, the run, the workflow
 * attempt and the round) and writes one JUnit XML report to FLAKEGUARD_RERUN_REPORT. The state file, written by
 * the driver before each step, names the world (scenario, seed, end time) and the run; each round appends one
 * line to its `log` (round, tests asked) so the simulation can count what re-runs cost.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateWorld, rerunRound, type Scenario, type SimWorld } from './world.ts';
import { renderRoundReport } from './rerun-report.ts';

export interface RerunState {
  scenario: Scenario;
  seed: number;
  endTime: number;
  run: number;
  attempt: number;
  log: string;
}

export function readTestsFile(text: string): Array<{ id: string; classname: string; name: string }> {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, k) => {
      const t = JSON.parse(l) as Record<string, unknown>;
      if (typeof t.id !== 'string' || typeof t.classname !== 'string' || typeof t.name !== 'string') throw new Error(`tests file line ${k + 1}: id, classname and name must be strings`);
      return { id: t.id, classname: t.classname, name: t.name };
    });
}

function main(): void {
  const state = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as RerunState;
  const testsPath = process.env.FLAKEGUARD_RERUN_TESTS;
  const reportPath = process.env.FLAKEGUARD_RERUN_REPORT;
  const round = Number(process.env.FLAKEGUARD_RERUN_ROUND);
  if (!testsPath || !reportPath || !Number.isInteger(round) || round < 1) throw new Error('FLAKEGUARD_RERUN_TESTS, FLAKEGUARD_RERUN_REPORT and FLAKEGUARD_RERUN_ROUND must be set');
  const world: SimWorld = generateWorld(state.scenario, state.seed, state.endTime);
  const run = world.runs[state.run]!;
  const asked = readTestsFile(readFileSync(testsPath, 'utf8'));
  // A runner selects a test by its class and name; the world's ids are classname::name.
  const ids = asked.map((t) => `${t.classname}::${t.name}`);
  const answers = rerunRound(world, run, state.attempt, round, ids);
  writeFileSync(reportPath, renderRoundReport(world, run, state.attempt, round, answers));
  const seconds = [...answers.keys()].reduce((n, id) => n + (world.byId!.get(id)!.duration ?? 0), 0);
  appendFileSync(state.log, JSON.stringify({ run: state.run, attempt: state.attempt, round, asked: asked.length, ran: answers.size, seconds }) + '\n');
}

export const RERUN_COMMAND_SCRIPT = fileURLToPath(import.meta.url);

if (process.argv[1] === RERUN_COMMAND_SCRIPT) main();
