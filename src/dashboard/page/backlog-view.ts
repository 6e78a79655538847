/** The quarantine backlog (#/quarantine): how many, how old, who owns them, oldest first. */
import { ageDays, backlog } from '../backlog.ts';
import type { Model, TestEntry } from '../page-model.ts';
import { count } from '../wording.ts';
import { minutesText, priceText, priced } from '../../cost/index.ts';
import { disposeCharts } from './charts.ts';
import { clear, fmtDate, fmtDuration, h } from './dom.ts';
import { card, pfsText, testName } from './parts.ts';

export function renderBacklog(root: HTMLElement, model: Model): void {
  disposeCharts();
  clear(root);
  const b = backlog(model);
  const max = Math.max(1, ...b.ages.map((a) => a.count));
  root.append(
    h('h2', null, 'The quarantine backlog'),
    h(
      'div',
      { class: 'cards' },
      card('quarantined tests', String(b.quarantined.length), 'backlog-count', `${b.byHand} by hand`),
      card('median age', b.medianAgeDays === undefined ? '—' : `${b.medianAgeDays.toFixed(1)} days`, 'median-age'),
      card('time lost to flaky failures', fmtDuration(b.lostSec), 'lost', `failed attempts of flaky runs × newest duration, ${b.lostTests} of ${count(b.flakyTests, 'flaky test')} with a duration`),
      card(
        'CI time flaky tests cost',
        minutesText(b.costSec),
        'cost',
        `re-runs and red runs re-run by hand${b.cost !== undefined ? `; ${priceText(b.cost)} at ${model.meta.costPerMinute} per minute` : ''}; re-runs saved ${minutesText(b.savedSec)}`,
      ),
    ),
    h('h3', null, 'What flaky tests cost, costliest first'),
    costTable(b.costly, model.meta.costPerMinute),
    h('h3', null, 'How old'),
    h(
      'table',
      { class: 'bars', data: { table: 'ages' } },
      h(
        'tbody',
        null,
        b.ages.map((a) => {
          const bar = h('span', { class: 'bar' });
          bar.style.width = `${(100 * a.count) / max}%`;
          return h('tr', { data: { bucket: a.label } }, h('th', null, a.label), h('td', { class: 'num' }, a.count), h('td', { class: 'barcell' }, bar));
        }),
      ),
    ),
    h('h3', null, 'Who owns them'),
    h(
      'table',
      { class: 'grid', data: { table: 'owners' } },
      h(
        'tbody',
        null,
        b.owners.map((o) => h('tr', null, h('td', null, o.owner), h('td', { class: 'num' }, o.count))),
      ),
    ),
    h('h3', null, 'Oldest first'),
    h(
      'table',
      { class: 'grid', data: { table: 'backlog' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['test', 'since', 'days', 'PFS', 'why'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        b.quarantined
          .slice(0, 200)
          .map((t) =>
            h(
              'tr',
              { data: { id: t.id } },
              h('td', null, testName(t)),
              h('td', null, t.stats?.since ? fmtDate(Date.parse(t.stats.since)) : '—'),
              h('td', { class: 'num' }, ageDays(t, model.now)?.toFixed(0) ?? '—'),
              h('td', { class: 'num mono' }, pfsText(t)),
              h('td', { class: 'reason' }, t.stats?.reason ?? ''),
            ),
          ),
      ),
    ),
  );
  if (b.quarantined.length > 200) root.append(h('p', null, `…and ${b.quarantined.length - 200} more (see the flakiest tests, state "quarantined").`));
}

/** The tests ranked by the CI time they cost (docs/cost.md): re-runs, hand re-runs, the price, what re-runs saved. */
function costTable(tests: readonly TestEntry[], perMinute: number | undefined): HTMLElement {
  if (tests.length === 0) return h('p', { data: { table: 'cost' } }, 'No flaky test cost CI time in the window.');
  const columns = ['#', 'test', 're-run executions', 're-runs', 'red runs re-run by hand', 'hand re-runs', 'cost', ...(perMinute ? ['price'] : []), 'saved by re-runs'];
  return h(
    'table',
    { class: 'grid', data: { table: 'cost' } },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        columns.map((c) => h('th', null, c)),
      ),
    ),
    h(
      'tbody',
      null,
      tests.slice(0, 100).map((t, i) => {
        const c = t.cost!;
        const price = priced(c.costSec, perMinute);
        return h(
          'tr',
          { data: { id: t.id } },
          h('td', { class: 'num' }, i + 1),
          h('td', null, testName(t)),
          h('td', { class: 'num' }, c.rerunExecutions),
          h('td', { class: 'num' }, minutesText(c.rerunSec)),
          h('td', { class: 'num' }, c.handReruns),
          h('td', { class: 'num' }, minutesText(c.handRerunSec)),
          h('td', { class: 'num', data: { metric: 'cost' } }, minutesText(c.costSec)),
          ...(price !== undefined ? [h('td', { class: 'num' }, priceText(price))] : []),
          h('td', { class: 'num' }, minutesText(c.savedSec)),
        );
      }),
    ),
  );
}
