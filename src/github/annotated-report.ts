/**
 * Writes the annotated report (`annotated-report`, docs/annotated-report.md): the JUnit XML at the path asked for and
 * the CTRF report beside it, both rendered by src/report/annotated.ts from the run's decided outcome. The adapter
 * only gathers the run's facts and writes the two files; it never changes the outcome.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { ParsedTestCase } from '../model.ts';
import type { ApplyResult } from '../pipeline/apply.ts';
import type { RerunResult } from '../rerun/plan.ts';
import { annotatedCtrf, annotatedJUnit, ctrfPathFor, type AnnotatedInput, type QuarantinedAs } from '../report/annotated.ts';

export interface AnnotatedReportFacts {
  /** The `annotated-report` input, as written (workspace-relative or absolute). */
  path: string;
  quarantinedAs: QuarantinedAs;
  workspace: string;
  /** Every test of the run, the re-runs merged in, under their history ids (what applyRun was given). */
  tests: readonly ParsedTestCase[];
  result: ApplyResult;
  rerun?: RerunResult;
  /** The reports' reporters (ParsedReports.reporters): the CTRF tool's name when there is one. */
  reporters?: Record<string, number>;
  /** The run's time (RunContext.time). */
  start: number;
}

/** The facts of the run as the pure writer takes them. */
export function annotatedInput(facts: AnnotatedReportFacts, now: number): AnnotatedInput {
  const { result, rerun } = facts;
  const reran = new Map<string, { kind: 'failed' | 'extra'; count: number }>();
  for (const c of rerun?.cases ?? []) if (c.reruns.length > 0) reran.set(c.historyId, { kind: c.kind, count: c.reruns.length });
  const named = Object.entries(facts.reporters ?? {}).filter(([name]) => name !== '');
  return {
    tests: facts.tests,
    outcome: result.outcome,
    reran,
    ...(rerun ? { consistent: rerun.consistent } : {}),
    quarantined: new Set(result.quarantined),
    quarantinedAs: facts.quarantinedAs,
    start: facts.start,
    now,
    ...(named.length === 1 ? { tool: named[0]![0] } : {}),
  };
}

/** Writes `<path>` and `<path minus .xml>.ctrf.json`; returns the XML file's path as the input gave it. */
export async function writeAnnotatedReport(facts: AnnotatedReportFacts, now = Date.now()): Promise<string> {
  const input = annotatedInput(facts, now);
  const xmlPath = resolve(facts.workspace, facts.path);
  await mkdir(dirname(xmlPath), { recursive: true });
  await writeFile(xmlPath, annotatedJUnit(input));
  await writeFile(ctrfPathFor(xmlPath), `${JSON.stringify(annotatedCtrf(input), null, 1)}\n`);
  return facts.path;
}
