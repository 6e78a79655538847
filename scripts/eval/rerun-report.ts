/** One re-run round's JUnit report, as a runner would write it for the tests it re-ran. Pure. */
import type { AttemptResult, SimRun, SimWorld } from './world.ts';

function xmlAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
}

export function renderRoundReport(world: SimWorld, run: SimRun, attempt: number, round: number, answers: Map<string, AttemptResult>): string {
  const byId = world.byId ?? new Map(world.tests.map((t) => [t.id, t]));
  const body: string[] = [];
  let failures = 0;
  let errors = 0;
  for (const [id, a] of answers) {
    const t = byId.get(id)!;
    const head = `<testcase classname="${xmlAttr(t.classname)}" name="${xmlAttr(t.name)}" time="${t.duration ?? 0.012}"`;
    if (a.code === 'P') body.push(`    ${head}/>`);
    else {
      const tag = a.code === 'E' ? 'error' : 'failure';
      if (a.code === 'E') errors++;
      else failures++;
      const message = xmlAttr(a.message ?? 'failed');
      body.push(`    ${head}><${tag} message="${message}" type="${xmlAttr(a.type ?? 'AssertionError')}">${message}\n\tat ${xmlAttr(t.classname)}.${xmlAttr(t.name)}(Test.java:42)</${tag}></testcase>`);
    }
  }
  const timestamp = new Date(run.time + (attempt - 1) * 30 * 60_000 + round * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="rerun-${round}" tests="${answers.size}" failures="${failures}" errors="${errors}" skipped="0" timestamp="${timestamp}">\n${body.join('\n')}\n</testsuite>\n`;
}
