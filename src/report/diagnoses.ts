/**
 * This run's failed tests that `mode: diagnose` has diagnosed (diagnoses.json, docs/diagnose.md), for the job summary:
 * "`app.Cart::total`: **timing** (contention 8/8 · rest 0/8), diagnosed 2026-11-29". The diagnosis decides nothing
 * here: it tells the reader where to look. Pure; the date is written from the parsed time (the file's text is untrusted).
 */
import type { Diagnoses } from '../diagnose/format.ts';
import { countsText } from '../diagnose/show.ts';
import { mdText } from '../text/escape.ts';

/** The section: a heading and a line per diagnosed test among `failed` (at most `max`), or nothing. */
export function diagnosedSection(failed: Iterable<string>, diagnoses: Diagnoses, max = 10): string[] {
  const found = [...new Set(failed)].filter((id) => diagnoses.tests.has(id)).sort();
  if (found.length === 0) return [];
  const lines = ['#### Diagnosed by experiment', ''];
  for (const id of found.slice(0, max)) {
    const d = diagnoses.tests.get(id)!;
    const polluter = d.polluter !== undefined ? `; fails after ${mdText(d.polluter, 200)}` : '';
    lines.push(`- ${mdText(id, 200)}: **${d.category}** (${mdText(countsText(d.evidence), 300)}${polluter}), diagnosed ${new Date(Date.parse(d.at)).toISOString().slice(0, 10)}`);
  }
  if (found.length > max) lines.push(`- …and ${found.length - max} more (\`flakeguard why <test>\`).`);
  lines.push('', 'What changed the failure rate when the test was re-run under controlled variations (`mode: diagnose`, docs/diagnose.md).', '');
  return lines;
}
