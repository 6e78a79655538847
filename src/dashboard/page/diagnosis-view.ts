/** A test's diagnosis by experiment on its page (diagnoses.json, docs/diagnose.md): the category, the sentence that says why, the counts per variation and the polluter. */
import { countsText, diagnosisSentence } from '../../diagnose/show.ts';
import type { Model } from '../page-model.ts';
import { fmtDate, h, link } from './dom.ts';
import { testHref } from './parts.ts';

/** The paragraph, or '' when `mode: diagnose` never diagnosed the test. Every string from the file goes in as text. */
export function diagnosisParagraph(model: Model, id: string): HTMLElement | string {
  const d = model.diagnoses.get(id);
  if (!d) return '';
  const at = Date.parse(d.at);
  const polluter = d.polluter;
  return h(
    'div',
    { data: { field: 'diagnosis', category: d.category } },
    h(
      'p',
      null,
      h('strong', null, `Diagnosis by experiment: ${d.category}`),
      ` (${fmtDate(at)}${d.sha ? `, commit ${d.sha.slice(0, 10)}` : ''}): `,
      h('span', { data: { field: 'diagnosis-why' } }, diagnosisSentence(d)),
      '.',
    ),
    h('p', { class: 'legend' }, 'Failed / executions per variation: ', h('span', { class: 'mono', data: { field: 'diagnosis-counts' } }, countsText(d.evidence))),
    polluter !== undefined
      ? h('p', { data: { field: 'polluter' } }, 'Run before it, this test makes it fail: ', model.byId.has(polluter) ? link(testHref(polluter), polluter) : h('code', null, polluter))
      : null,
  );
}
