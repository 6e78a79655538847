/** The four views. Each draws into `root` from the models (../page-model.ts and the view models beside it), with text nodes only (dom.ts). */
import { ageDays, backlog } from '../backlog.ts';
import { commitUrl, issueUrl, testHref } from '../links.ts';
import { STATE_LABEL, type Model, type RunPoint, type TestEntry, type TestState } from '../page-model.ts';
import { summarize } from '../suite-summary.ts';
import { pfsHistory } from '../pfs-history.ts';
import { testDetail, timelineRows } from '../test-detail.ts';
import { queryTests, type SortKey, type TestQuery } from '../test-query.ts';
import { count, rollingWindow, ROLLING_RUNS } from '../wording.ts';
import { shardOf, statsPath } from '../../store/layout.ts';
import { MAX_EVENTS_PER_TEST } from '../../store/decisions.ts';
import type { DecisionsFile } from './load.ts';
import { chart, disposeCharts } from './charts.ts';
import { clear, fmtDate, fmtDuration, h, link, option, pct, type Child } from './dom.ts';

export { testHref };

export function card(label: string, value: string, name: string, note?: string): HTMLElement {
  return h('div', { class: 'card', data: { metric: name } }, h('div', { class: 'value' }, value), h('div', { class: 'label' }, label), note ? h('div', { class: 'note' }, note) : null);
}

export function stateBadge(state: TestState): HTMLElement {
  return h('span', { class: `badge state-${state}` }, STATE_LABEL[state]);
}

function pfsText(t: TestEntry): string {
  const p = t.stats?.pfs;
  return p ? `${p[0].toFixed(2)} [${p[1].toFixed(2)}, ${p[2].toFixed(2)}]` : '—';
}

function testName(t: TestEntry): HTMLElement {
  return h('a', { href: testHref(t.id), class: 'test-link', title: t.id }, h('span', { class: 'cls' }, t.history.classname ? `${t.history.classname} › ` : ''), t.history.name);
}

/* ---------- suite over time ---------- */

/** A run is red or not: its share is drawn over the last ROLLING_RUNS runs (fewer on a younger branch). */
function rollingShare(model: Model, pick: (p: RunPoint) => boolean): Array<number | null> {
  return model.points.map((_, i) => {
    const window = model.points.slice(Math.max(0, i - ROLLING_RUNS + 1), i + 1);
    return Math.round((1000 * window.filter(pick).length) / window.length) / 10;
  });
}

export function renderSuite(root: HTMLElement, model: Model, byDay: boolean, setByDay: (v: boolean) => void): void {
  disposeCharts();
  clear(root);
  const s = summarize(model);
  const later = model.partial ? '…' : undefined;
  const outageRuns = model.partial ? model.runs.filter((r) => r.outages?.length).length : s.outageRuns;
  root.append(
    h('h2', null, 'The suite over time'),
    h(
      'div',
      { class: 'cards' },
      card('runs on the branch', String(s.runs), 'runs'),
      card('tests', later ?? String(s.tests), 'tests'),
      card(
        'runs red because of flaky tests, without flakeguard',
        later ?? pct(s.shareFlakyWithout),
        'share-flaky-without',
        later ? 'reading the tests…' : `${s.redFlakyWithout} of ${count(s.runs, 'run')}`,
      ),
      card('…and with flakeguard', later ?? pct(s.shareFlakyWith), 'share-flaky-with', later ? 'reading the tests…' : `${s.redFlakyWith} of ${count(s.runs, 'run')}`),
      card('runs red, with flakeguard', String(s.redWith), 'red-with', later ? undefined : `${s.redWithout} had a failing test`),
      card('quarantined tests', later ?? String(s.quarantined), 'quarantined', later ? undefined : count(s.flaky, 'flaky test')),
      card('runs with an outage', String(outageRuns), 'outage-runs'),
    ),
  );
  const toggle = h('div', { class: 'toggle', role: 'group' });
  for (const [label, value] of [
    ['by run', false],
    ['by day', true],
  ] as const) {
    const b = h('button', { class: value === byDay ? 'on' : '', data: { granularity: value ? 'day' : 'run' } }, label);
    b.addEventListener('click', () => setByDay(value));
    toggle.append(b);
  }
  root.append(toggle);
  const red = h('div', { class: 'chart', data: { chart: 'red' } });
  const counts = h('div', { class: 'chart', data: { chart: 'counts' } });
  root.append(red, counts);
  if (model.partial) {
    // The runs alone: what flakeguard decided for each; the rest comes with the tests' files.
    const x = byDay ? model.days.map((d) => d.day / 1000) : model.points.map((p) => p.seq);
    const values = byDay ? model.days.map((d) => (d.runs > 0 ? Math.round((1000 * d.redWith) / d.runs) / 10 : null)) : rollingShare(model, (p) => p.redWith === true);
    chart(
      red,
      byDay ? 'Share of runs red with flakeguard, by day' : `Share of runs red with flakeguard (${rollingWindow(model.points.length)})`,
      x,
      [{ label: 'red with flakeguard', values, color: '#1971c2', format: (v) => `${v}%` }],
      { time: byDay, yLabel: '% of runs', percent: true },
    );
    counts.append(h('p', { class: 'count' }, "Reading the tests' files: failed, flaked and retried tests come next…"));
  } else if (byDay) {
    const x = model.days.map((d) => d.day / 1000);
    const share = (n: (d: (typeof model.days)[number]) => number) => model.days.map((d) => (d.runs > 0 ? Math.round((1000 * n(d)) / d.runs) / 10 : null));
    chart(
      red,
      'Share of runs red because of flaky tests, by day',
      x,
      [
        { label: 'without flakeguard', values: share((d) => d.redFlakyWithout), color: '#d9480f', format: (v) => `${v}%` },
        { label: 'with flakeguard', values: share((d) => d.redFlakyWith), color: '#1971c2', format: (v) => `${v}%` },
      ],
      { time: true, yLabel: '% of runs', percent: true },
    );
    chart(
      counts,
      'Failed, flaked and retried tests, and outage failures, by day',
      x,
      [
        { label: 'failed tests', values: model.days.map((d) => d.failed), color: '#c92a2a' },
        { label: 'flaked (failed, then passed)', values: model.days.map((d) => d.flaked), color: '#f08c00' },
        { label: 'retried tests', values: model.days.map((d) => d.retried), color: '#5f3dc4' },
        { label: 'outage failures', values: model.days.map((d) => d.outageFailed), color: '#495057' },
      ],
      { time: true, yLabel: 'tests' },
    );
  } else {
    const x = model.points.map((p) => p.seq);
    const rolling = (pick: (p: RunPoint) => boolean): Array<number | null> => rollingShare(model, pick);
    chart(
      red,
      `Share of runs red because of flaky tests (${rollingWindow(model.points.length)})`,
      x,
      [
        { label: 'without flakeguard', values: rolling((p) => p.redFlakyWithout), color: '#d9480f', format: (v) => `${v}%` },
        { label: 'with flakeguard', values: rolling((p) => p.redFlakyWith), color: '#1971c2', format: (v) => `${v}%` },
      ],
      { time: false, yLabel: '% of runs', percent: true },
    );
    chart(
      counts,
      'Failed, flaked and retried tests, and outage failures, by run',
      x,
      [
        { label: 'failed tests', values: model.points.map((p) => p.failed), color: '#c92a2a', bars: true },
        { label: 'flaked (failed, then passed)', values: model.points.map((p) => p.flaked), color: '#f08c00' },
        { label: 'retried tests', values: model.points.map((p) => p.retried), color: '#5f3dc4' },
        { label: 'outage failures', values: model.points.map((p) => p.outageFailed), color: '#495057' },
      ],
      { time: false, yLabel: 'tests' },
    );
  }
  const recent = model.points.slice(-25).reverse();
  root.append(
    h('h3', null, 'Latest runs'),
    h(
      'table',
      { class: 'grid', data: { table: 'runs' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['run', 'time', 'commit', 'tests', 'failed', 'flaked', 'retried', 'outage failures', 'without flakeguard', 'with flakeguard'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        recent.map((p) =>
          h(
            'tr',
            { data: { seq: String(p.seq) } },
            h('td', null, link(p.url, `#${p.seq}`)),
            h('td', null, fmtDate(p.time)),
            h('td', { class: 'mono' }, link(commitUrl(model.repoUrl, p.sha), p.sha.slice(0, 7))),
            h('td', { class: 'num' }, later ?? p.tests),
            h('td', { class: 'num' }, later ?? p.failed),
            h('td', { class: 'num' }, later ?? p.flaked),
            h('td', { class: 'num' }, later ?? p.retried),
            h('td', { class: 'num' }, later ?? p.outageFailed),
            h('td', null, later ?? (p.redWithout ? h('span', { class: 'red' }, p.redFlakyWithout ? 'red (flaky)' : 'red') : h('span', { class: 'green' }, 'green'))),
            h('td', null, p.redWith === null ? '—' : p.redWith ? h('span', { class: 'red' }, 'red') : h('span', { class: 'green' }, 'green')),
          ),
        ),
      ),
    ),
  );
}

/* ---------- the flakiest tests ---------- */

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

/* ---------- one test ---------- */

/** `decisions` reads decisions.json (once per page load): the timeline and the issue's number come from it. */
export function renderTest(root: HTMLElement, model: Model, id: string, decisions?: () => Promise<DecisionsFile>): void {
  disposeCharts();
  clear(root);
  const entry = model.byId.get(id);
  if (!entry) {
    root.append(h('h2', null, 'Test not found'), h('p', null, 'No test with the id ', h('code', null, id), ' is in the history.'));
    return;
  }
  const d = testDetail(model, entry);
  const t = entry.history;
  const st = entry.stats;
  const issue = h('span', { data: { field: 'issue' } }, model.repoUrl ? 'looking up…' : 'unknown repository');
  const timeline = h('div', { class: 'timeline', data: { timeline: 'loading' } }, h('p', { class: 'count' }, 'Reading decisions.json…'));
  const pfsPoints = pfsHistory(d.strip);
  const pfsChart = h('div', { class: 'chart', data: { chart: 'pfs-history', points: String(pfsPoints.length), last: pfsPoints.at(-1)?.pf.toFixed(4) ?? '' } });
  root.append(
    h('p', { class: 'crumbs' }, h('a', { href: '#/tests' }, '← the flakiest tests')),
    h('h2', { class: 'test-title', data: { testName: t.name } }, t.name),
    h('p', { class: 'mono sub' }, t.classname, t.file ? ` · ${t.file}${t.line !== undefined ? `:${t.line}` : ''}` : ''),
    h(
      'div',
      { class: 'cards' },
      h('div', { class: 'card' }, h('div', { class: 'value' }, stateBadge(entry.state)), h('div', { class: 'label' }, st?.since ? `since ${fmtDate(Date.parse(st.since))}` : 'state')),
      card('PFS [90% interval]', pfsText(entry), 'pfs'),
      card('runs in the window', String(entry.runs), 'test-runs', `${entry.failedRuns} failed, ${entry.flakedRuns} flaked, ${entry.retriedRuns} retried`),
      card('tier · verdict', `${st?.tier ?? '—'} · ${st?.recommendation ?? '—'}${st?.priority ? ` (${st.priority})` : ''}`, 'verdict', st?.recommendationReason),
    ),
    h('h3', null, 'History'),
    h(
      'p',
      { class: 'legend' },
      swatch('passed'),
      'passed ',
      swatch('flaked'),
      'failed, then passed ',
      swatch('failed'),
      'failed ',
      swatch('skipped'),
      'skipped · one box per attempt, oldest run first; a box links to its commit',
    ),
    h(
      'div',
      { class: 'strip', data: { cells: String(d.strip.length) } },
      d.strip.map((c) => {
        const tip = [`run #${c.seq}`, c.time !== undefined ? fmtDate(c.time) : '', c.sha ? `commit ${c.sha.slice(0, 10)}` : '', `attempts ${c.attempts}`, c.outage ? 'outage' : '', c.message ?? '']
          .filter(Boolean)
          .join('\n');
        const boxes = [...c.attempts].map((a) => h('span', { class: `att att-${a}` }));
        const cell = h(
          c.commitUrl ? 'a' : 'span',
          { class: `cell kind-${c.kind}${c.outage ? ' outage' : ''}`, title: tip, ...(c.commitUrl ? { href: c.commitUrl } : {}), data: { seq: String(c.seq), attempts: c.attempts } },
          boxes,
        );
        return cell;
      }),
    ),
    h('h3', null, 'PFS over time'),
    h('p', { class: 'legend' }, 'After each run, the PFS of its last 10 runs (outages left out) with its 90% interval: where the flakiness changed.'),
    pfsChart,
    h('h3', null, 'Failure modes'),
    d.modes.length === 0 && d.unexplained === 0
      ? h('p', null, 'No failure in the window.')
      : h(
          'table',
          { class: 'grid', data: { table: 'modes' } },
          h('thead', null, h('tr', null, h('th', null, 'runs'), h('th', null, 'message (newest, numbers as flakeguard stores them)'), h('th', null, 'last run'))),
          h(
            'tbody',
            null,
            d.modes.map((m) => h('tr', null, h('td', { class: 'num' }, m.count), h('td', { class: 'mono msg' }, m.example), h('td', null, `#${m.lastSeq}`))),
            d.unexplained > 0 ? h('tr', null, h('td', { class: 'num' }, d.unexplained), h('td', null, '(no message recorded)'), h('td', null, '')) : null,
          ),
        ),
    h('h3', null, 'Quarantine'),
    quarantineSection(model, entry, issue),
    h('h3', null, 'Quarantine timeline'),
    timeline,
    h('h3', null, 'Recent runs'),
    h(
      'table',
      { class: 'grid', data: { table: 'test-runs' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['run', 'time', 'commit', 'attempts', 'message'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        d.strip
          .slice(-20)
          .reverse()
          .map((c) =>
            h(
              'tr',
              null,
              h('td', null, link(c.runUrl, `#${c.seq}`)),
              h('td', null, fmtDate(c.time)),
              h('td', { class: 'mono' }, link(c.commitUrl, (c.sha ?? '').slice(0, 7))),
              h('td', { class: 'mono' }, c.attempts),
              h('td', { class: 'mono msg' }, c.outage ? `[outage] ${c.message ?? ''}` : (c.message ?? '')),
            ),
          ),
      ),
    ),
  );
  if (pfsPoints.length > 0) {
    const pct1 = (v: number): number => Math.round(v * 1000) / 10;
    chart(
      pfsChart,
      'PFS of the last 10 runs, by run',
      pfsPoints.map((p) => p.seq),
      [
        { label: 'PFS', values: pfsPoints.map((p) => pct1(p.pf)), color: '#1971c2', format: (v) => `${v}%` },
        { label: '90% interval, low', values: pfsPoints.map((p) => pct1(p.low)), color: '#a5d8ff', format: (v) => `${v}%` },
        { label: '90% interval, high', values: pfsPoints.map((p) => pct1(p.high)), color: '#a5d8ff', format: (v) => `${v}%` },
      ],
      { time: false, yLabel: 'PFS', percent: true },
    );
  } else pfsChart.append(h('p', { class: 'count' }, 'No run with an outcome in the history.'));
  void (decisions?.() ?? Promise.resolve<DecisionsFile>({ kind: 'missing' })).then((file) => {
    if (!timeline.isConnected) return; // another view was drawn meanwhile
    drawTimeline(timeline, model, entry, file);
    showIssue(issue, model, entry.id, file.kind === 'read' ? file.log.tests.get(entry.id)?.issue : undefined);
  });
}

/** The test's decisions from decisions.json, newest first; or why there are none to show. */
function drawTimeline(box: HTMLElement, model: Model, entry: TestEntry, file: DecisionsFile): void {
  clear(box);
  box.dataset.timeline = file.kind;
  if (file.kind === 'missing') {
    box.append(
      h(
        'p',
        null,
        'No timeline yet: this data branch has no decisions.json, so it was written by a flakeguard that did not record decisions. The timeline begins with the next run of a version that does (the state above is the current one).',
      ),
    );
    return;
  }
  if (file.kind === 'unreadable') {
    box.append(
      h('p', { class: 'red' }, `decisions.json could not be read (${file.problem}). flakeguard keeps it as it is and records no decision until it is fixed or deleted; nothing else depends on it.`),
    );
    return;
  }
  if (file.log.unreadable.has(entry.id)) {
    box.append(
      h(
        'p',
        { class: 'red' },
        "This test's line in decisions.json is not in the documented form (docs/data-branch.md): flakeguard keeps it as written and records no decision for the test until it is fixed or deleted.",
      ),
    );
    return;
  }
  const rows = timelineRows(model, file.log.tests.get(entry.id));
  if (rows.length === 0) {
    box.append(h('p', null, `No change of its quarantine decision since run #${file.log.from}, when the timeline began.`));
    return;
  }
  box.append(
    h(
      'table',
      { class: 'grid', data: { table: 'timeline' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['run', 'time', 'decision', 'from then on', 'decided by', 'why'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((r) =>
          h(
            'tr',
            { data: { seq: String(r.seq) } },
            h('td', null, link(r.runUrl, `#${r.seq}`)),
            h('td', null, fmtDate(r.time)),
            h('td', null, r.event),
            h('td', null, r.quarantined ? h('span', { class: 'red' }, 'quarantined') : 'not quarantined'),
            h('td', null, r.by === 'hand' ? 'a person' : "flakeguard's rule"),
            h('td', { class: 'reason' }, r.reason),
          ),
        ),
      ),
    ),
    h('p', { class: 'legend' }, `Recorded from run #${file.log.from} on; the last ${MAX_EVENTS_PER_TEST} decisions of each test are kept (decisions.json).`),
  );
}

/** The test's issue: its own page when the step recorded its number, else a search for flakeguard's marker. */
function showIssue(span: HTMLElement, model: Model, id: string, number: number | undefined): void {
  const url = issueUrl(model.repoUrl, number);
  if (url) {
    span.replaceChildren(h('a', { href: url, data: { issue: String(number) } }, `#${number}`));
    return;
  }
  if (model.repoUrl) void issueLink(model.repoUrl, id).then((a) => span.replaceChildren(a));
}

function swatch(kind: string): HTMLElement {
  return h('span', { class: `swatch kind-${kind}` });
}

function quarantineSection(model: Model, entry: TestEntry, issue: HTMLElement): HTMLElement {
  const st = entry.stats;
  const rows: Child[] = [];
  const row = (label: string, ...value: Child[]): void => void rows.push(h('tr', null, h('th', null, label), h('td', null, ...value)));
  row('now', stateBadge(entry.state), st?.since ? ` since ${fmtDate(Date.parse(st.since))} (${count(Math.round(ageDays(entry, model.now) ?? 0), 'day')})` : '');
  row('why', h('span', { data: { field: 'reason' } }, st?.reason || '—'));
  if (st?.quarantined && st.cells)
    row(
      'cells',
      h(
        'span',
        { data: { field: 'cells' } },
        st.cells.length > 0 ? `only in ${st.cells.join('; ')}: its failures in other cells block` : 'in no cell yet: its failures block until a cell shows its flakiness',
      ),
    );
  if (st?.evidenceAfter !== undefined) row('released', `last released ${fmtDate(st.evidenceAfter)}: only later runs count as evidence to quarantine it again`);
  row(
    'hand override',
    st?.override === null || st?.override === undefined
      ? 'none (flakeguard decides)'
      : h(
          'span',
          null,
          h('code', { data: { field: 'override' } }, JSON.stringify(st.override)),
          st.overrideUntil ? ` until ${st.overrideUntil}` : '',
          st.overrideReason ? ` — ${st.overrideReason}` : '',
        ),
  );
  row(
    'where to edit',
    h('code', { data: { field: 'stats-file' } }, statsPath(shardOf(entry.id, model.meta.shards), model.meta.shards)),
    ' on the data branch: the test\'s line, field "override" (docs/data-branch.md)',
  );
  row('issue', issue);
  return h('table', { class: 'kv', data: { table: 'quarantine' } }, h('tbody', null, rows));
}

/** A search for the issue flakeguard opened for the test: its body carries the marker `flakeguard:test-id=<sha256>` (docs/issues.md). */
async function issueLink(repoUrl: string, id: string): Promise<HTMLElement> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const q = `is:issue "flakeguard:test-id=${hash}"`;
  return h('a', { href: `${repoUrl}/issues?q=${encodeURIComponent(q)}` }, 'find its issue (when issues are on)');
}

/* ---------- the quarantine backlog ---------- */

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
    ),
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
