/**
 * A diagnosis where a test is named (docs/diagnose.md, "Where it shows"): the accessor the dashboard, the owners'
 * issue, `explain` and `flakeguard why` read (`diagnosisOfTest`), its sentence, its plain lines and the diagnose run's
 * job summary. Pure; every string from the file is escaped for where it goes.
 */
import { mdText, plainText } from '../text/escape.ts';
import { DIAGNOSES_FILE, parseDiagnoses, type Diagnosis, type Evidence } from './format.ts';
import { categorise, THRESHOLD, verdictSentence } from './rule.ts';

/** The diagnosis of one test from the data branch's files (path → text), or undefined; a damaged file gives none. */
export function diagnosisOfTest(files: ReadonlyMap<string, string>, id: string): Diagnosis | undefined {
  return parseDiagnoses(files.get(DIAGNOSES_FILE)).diagnoses.tests.get(id);
}

/** "rest 0/8 · tz 8/8 · …": each variation's failures of its executions. */
export function countsText(evidence: readonly Evidence[]): string {
  return evidence.map((e) => `${e.variation} ${e.failures}/${e.executions}`).join(' · ');
}

/** The diagnosis in one sentence (the category, the comparison that decided it, the polluter), unescaped. */
export function diagnosisSentence(d: Diagnosis): string {
  const seeds = d.evidence.find((e) => e.variation === 'seed')?.seeds;
  const verdict = categorise(d.evidence, seeds);
  // The stored category is what the run decided; the sentence explains it with the same rule.
  if (verdict.category !== d.category) return `${d.category} (${countsText(d.evidence)})`;
  return verdictSentence(verdict, d.evidence, d.polluter);
}

/** The lines of `flakeguard explain` (plain terminal text). */
export function diagnosisPlain(d: Diagnosis): string[] {
  const t = (s: string, max = 300): string => plainText(s, max, true);
  return [
    `Diagnosis by experiment (${t(d.at, 40)}${d.sha ? `, ${t(d.sha.slice(0, 10), 10)}` : ''}): ${t(diagnosisSentence(d), 600)}.`,
    `  Counts (failed/executions): ${t(countsText(d.evidence), 600)}.`,
    ...(d.polluter !== undefined ? [`  Polluter: ${t(d.polluter, 500)} (run before it, the test fails).`] : []),
  ];
}

export interface SummaryFacts {
  skipped: readonly string[];
  cost: { starts: number; executions: number; seconds: number; wallSeconds: number; cpuSeconds: number };
  threshold?: number;
  /** Why the diagnoses were not saved, when they were not. */
  saved?: string;
}

/** The job summary of a diagnose run: one row per test, its category, counts and polluter. */
export function diagnosesMarkdown(found: ReadonlyMap<string, Diagnosis>, facts: SummaryFacts): string {
  const out = ['## flakeguard: diagnosis by experiment', ''];
  if (found.size === 0) out.push('No quarantined or newly flaky test was diagnosed in this run.', '');
  else {
    out.push('| test | category | failed / executions per variation | polluter |', '| --- | --- | --- | --- |');
    for (const [id, d] of [...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out.push(`| ${mdText(id, 300)} | **${d.category}** | ${mdText(countsText(d.evidence), 600)} | ${d.polluter !== undefined ? mdText(d.polluter, 300) : ''} |`);
    }
    out.push('');
    for (const [id, d] of found) out.push(`- ${mdText(id, 300)}: ${mdText(diagnosisSentence(d), 800)}`);
    out.push('');
  }
  const c = facts.cost;
  out.push(
    `Cost: ${c.executions} test executions in ${c.starts} starts of the re-run command, ${c.wallSeconds} s, ${c.cpuSeconds} CPU s. A variation changes the category when Fisher's exact test against rest gives p < ${(facts.threshold ?? THRESHOLD).toPrecision(2)} (docs/diagnose.md, "The rule").`,
  );
  if (facts.skipped.length > 0)
    out.push(
      '',
      `Left for another run by the budget (${facts.skipped.length}): ${facts.skipped
        .slice(0, 20)
        .map((id) => mdText(id, 200))
        .join(', ')}${facts.skipped.length > 20 ? ', …' : ''}.`,
    );
  if (facts.saved !== undefined) out.push('', `> [!WARNING]\n> The diagnoses were not saved to the data branch: ${mdText(facts.saved, 500)}`);
  return `${out.join('\n')}\n`;
}
