/**
 * One annotation per failed test: blocking failures as failures, forgiven ones as warnings that say why and
 * how to lift the quarantine. Pure.
 */
import type { Outcome } from '../policy/outcome.ts';
import type { Decision } from '../policy/quarantine.ts';
import type { ParsedTestCase } from '../model.ts';
import { truncate } from './escape.ts';

export interface AnnotationSpec {
  level: 'failure' | 'warning' | 'notice';
  title: string;
  message: string;
  path?: string;
  line?: number;
}

function failureText(test: ParsedTestCase): string {
  const attempt = [...test.attempts].reverse().find((a) => a.status === 'failed' || a.status === 'error');
  const head = attempt?.message || attempt?.type || '(no message)';
  const details = attempt?.details && attempt.details !== head ? `\n\n${attempt.details}` : '';
  return truncate(`${head}${details}`, 4000);
}

function symbols(recent: string): string {
  return [...recent].map((c) => (c === 'F' ? '✗' : c === 'R' ? '↻' : '✓')).join('');
}

function located(spec: AnnotationSpec, test: ParsedTestCase): AnnotationSpec {
  if (test.file) {
    spec.path = test.file;
    spec.line = test.line ?? 1;
  }
  return spec;
}

/** Blocking failures first: the fallback to workflow commands shows only the first few of each kind. */
export function buildAnnotations(
  outcome: Outcome,
  decisions: Map<string, Decision>,
  statsFileOf: (id: string) => string,
): AnnotationSpec[] {
  const blocking = outcome.blocking.map((t) =>
    located({ level: 'failure', title: truncate(`${t.id} failed`, 255), message: failureText(t) }, t),
  );
  const forgiven = outcome.forgiven.map((t) => {
    const d = decisions.get(t.id);
    const why = d?.reason ?? 'quarantined before this run';
    const recent = d ? `\nRecent runs (oldest first): ${symbols(d.evidence.recent)}` : '';
    const lift = `\nTo lift the quarantine, set "override": "never" on its line in ${statsFileOf(t.id)} on the data branch.`;
    return located(
      {
        level: 'warning',
        title: truncate(`${t.id} failed (forgiven: quarantined)`, 255),
        message: truncate(`Quarantined: ${why}${recent}${lift}\n\n${failureText(t)}`, 4000),
      },
      t,
    );
  });
  return [...blocking, ...forgiven];
}
