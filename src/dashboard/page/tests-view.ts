/** The flakiest tests (#/tests): search, filter by state and owner, sort. */
import { STATE_LABEL, type Model } from '../page-model.ts';
import { queryTests, type SortKey, type TestQuery } from '../test-query.ts';
import { count } from '../wording.ts';
import { disposeCharts } from './charts.ts';
import { clear, h, option } from './dom.ts';
import { pfsText, stateBadge, testName } from './parts.ts';

export const PAGE_ROWS = 100;

export function renderTests(root: HTMLElement, model: Model, query: TestQuery, setQuery: (q: TestQuery) => void): void {
  disposeCharts();
  clear(root);
  const hasOwners = model.tests.some((t) => t.owners.length > 0);
  const search = h('input', { type: 'search', placeholder: 'Search test ids…', value: query.text ?? '', ariaLabel: 'search tests', id: 'search' });
  const state = h('select', { ariaLabel: 'state', id: 'state' });
  for (const [value, label] of [['flaky-or-quarantined', 'flaky or quarantined'], ['any', 'every state'], ...Object.entries(STATE_LABEL)] as Array<[string, string]>) {
    state.append(option(value, label, (query.state ?? 'flaky-or-quarantined') === value));
  }
  const owner = h('input', { type: 'search', placeholder: 'Owner…', value: query.owner ?? '', ariaLabel: 'owner', id: 'owner' });
  const results = h('div', { id: 'results' });
  root.append(h('h2', null, 'The flakiest tests'), h('div', { class: 'controls' }, search, state, hasOwners ? owner : null), results);

  let shown = PAGE_ROWS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const current = (): TestQuery => ({ ...query, text: search.value, state: state.value as TestQuery['state'], owner: owner.value });
  const draw = (): void => {
    const started = performance.now();
    const q = current();
    const found = queryTests(model.tests, q);
    clear(results);
    const head = (label: string, key: SortKey | null): HTMLElement => {
      if (!key) return h('th', null, label);
      const active = (q.sort ?? 'pfs') === key;
      const th = h('th', { class: `sortable${active ? ' active' : ''}`, data: { sort: key } }, label, active ? ((q.descending ?? key === 'pfs') ? ' ▼' : ' ▲') : '');
      th.addEventListener('click', () => {
        query = { ...q, sort: key, descending: active ? !(q.descending ?? key === 'pfs') : key === 'pfs' || key === 'flaked' };
        setQuery(query);
        draw();
      });
      return th;
    };
    results.append(
      h('p', { class: 'count', data: { count: String(found.length) } }, `${found.length} of ${count(model.tests.length, 'test')}`),
      h(
        'table',
        { class: 'grid', data: { table: 'tests' } },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            head('test', 'name'),
            hasOwners ? head('owners', 'owner') : null,
            head('state', 'state'),
            head('PFS [90% interval]', 'pfs'),
            head('flaked runs', 'flaked'),
            head('verdict', null),
          ),
        ),
        h(
          'tbody',
          null,
          found
            .slice(0, shown)
            .map((t) =>
              h(
                'tr',
                { data: { id: t.id } },
                h('td', null, testName(t)),
                hasOwners ? h('td', null, t.owners.join(', ') || '—') : null,
                h('td', null, stateBadge(t.state)),
                h('td', { class: 'num mono' }, pfsText(t)),
                h('td', { class: 'num' }, `${t.flakedRuns} / ${t.runs}`),
                h('td', { class: 'reason' }, t.stats?.reason ?? '—'),
              ),
            ),
        ),
      ),
    );
    if (found.length > shown) {
      const more = h('button', { class: 'more' }, `Show ${Math.min(PAGE_ROWS, found.length - shown)} more`);
      more.addEventListener('click', () => {
        shown += PAGE_ROWS;
        draw();
      });
      results.append(more);
    }
    // Filter, sort and draw of one keystroke; scripts/bench/dashboard.ts reads it.
    performance.measure('fg:query', { start: started });
  };
  const later = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      shown = PAGE_ROWS;
      setQuery(current());
      draw();
    }, 80);
  };
  search.addEventListener('input', later);
  owner.addEventListener('input', later);
  state.addEventListener('change', later);
  draw();
}
