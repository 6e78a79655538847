/** The suite over time (#/): the headline, the filters, the charts and the latest runs. */
import { commitUrl } from '../links.ts';
import type { Model, RunPoint } from '../page-model.ts';
import { summarize } from '../suite-summary.ts';
import { count, rollingWindow, ROLLING_RUNS } from '../wording.ts';
import { chart, disposeCharts } from './charts.ts';
import { clear, fmtDate, fmtDuration, h, link, option, pct } from './dom.ts';
import { branchesOf, branchValue, filterModel, parseFilter, RANGE_LABEL, RANGES, type RunFilter } from '../run-filter.ts';
import { card } from './parts.ts';
import { clustersSummary } from './clusters-view.ts';

/** A run is red or not: its share is drawn over the last ROLLING_RUNS runs (fewer on a younger branch). */
function rollingShare(model: Model, pick: (p: RunPoint) => boolean): Array<number | null> {
  return model.points.map((_, i) => {
    const window = model.points.slice(Math.max(0, i - ROLLING_RUNS + 1), i + 1);
    return Math.round((1000 * window.filter(pick).length) / window.length) / 10;
  });
}

/** How each CI time figure is computed, word for word as docs/dashboard.md ("CI time") says it. */
export const CI_TIME_NOTE =
  "CI time is the tests' own time, not the job's: setup, install and build are left out. " +
  "Without flakeguard, each run red only because of flaky tests is run again by hand: it costs its tests' time once more. " +
  "With flakeguard, it costs the re-runs' time (every run's) plus the tests' time of each run still red because of flaky tests. " +
  "Saved by re-runs: the tests' time of the runs a re-run turned green, less the time of every re-run. " +
  "A run's tests' time is the sum of its report's durations (re-runs left out); runs recorded before flakeguard kept it are estimated from each test's newest duration.";

function filters(all: Model, filter: RunFilter, setFilter: (f: RunFilter) => void): HTMLElement {
  const range = h('select', { id: 'range', ariaLabel: 'time range' });
  for (const r of RANGES) range.append(option(r, RANGE_LABEL[r], r === filter.range));
  const branch = h('select', { id: 'branch', ariaLabel: 'branch' });
  const current = branchValue(filter.branch);
  branch.append(option('*', 'every branch', current === '*'), option(':default', 'the default branch', current === ':default'), option(':other', 'other branches', current === ':other'));
  const named = branchesOf(all.points);
  if (filter.branch.kind === 'name' && !named.some((b) => b.name === current)) named.unshift({ name: current, runs: 0 });
  for (const b of named) branch.append(option(b.name, `${b.name} (${count(b.runs, 'run')})`, b.name === current));
  const changed = (): void => setFilter({ range: range.value as RunFilter['range'], branch: parseFilter(`?branch=${encodeURIComponent(branch.value)}`).branch });
  range.addEventListener('change', changed);
  branch.addEventListener('change', changed);
  return h('div', { class: 'controls filters' }, h('label', null, 'runs of ', range), h('label', null, ' on ', branch));
}

/** The suite view of the runs `filter` keeps (run-filter.ts); `all` gives the branches to choose from. */
export function renderSuite(root: HTMLElement, all: Model, filter: RunFilter, setFilter: (f: RunFilter) => void, byDay: boolean, setByDay: (v: boolean) => void): void {
  disposeCharts();
  clear(root);
  const model = filterModel(all, filter);
  const s = summarize(model);
  const later = model.partial ? '…' : undefined;
  const outageRuns = model.partial ? model.runs.filter((r) => r.outages?.length).length : s.outageRuns;
  const filtered = model !== all;
  const t = s.time;
  const estimated = t.estimated > 0 ? ` (${count(t.estimated, 'run')} estimated)` : '';
  root.append(
    h('h2', null, 'The suite over time'),
    filters(all, filter, setFilter),
    h(
      'div',
      { class: 'cards' },
      card('red runs flakeguard saved', later ?? String(s.saved), 'saved', later ? 'reading the tests…' : `${s.saved} of ${count(s.runs, 'run')}; ${s.savedByRerun} by a re-run`),
      card(
        'runs red because of flaky tests, without flakeguard',
        later ?? pct(s.shareFlakyWithout),
        'share-flaky-without',
        later ? 'reading the tests…' : `${s.redFlakyWithout} of ${count(s.runs, 'run')}`,
      ),
      card('…and with flakeguard', later ?? pct(s.shareFlakyWith), 'share-flaky-with', later ? 'reading the tests…' : `${s.redFlakyWith} of ${count(s.runs, 'run')}`),
      card(
        'CI time lost to flaky failures, without flakeguard',
        later ?? fmtDuration(t.lostWithout),
        'time-lost-without',
        later ? 'reading the tests…' : `the tests' time of ${count(s.redFlakyWithout, 'run')} run again${estimated}`,
        CI_TIME_NOTE,
      ),
      card(
        '…and with flakeguard',
        later ?? fmtDuration(t.lostWith),
        'time-lost-with',
        later ? 'reading the tests…' : `re-runs ${fmtDuration(t.rerunSec)} + ${count(s.redFlakyWith, 'run')} still red`,
        CI_TIME_NOTE,
      ),
      card(
        'CI time saved by re-runs',
        later ?? fmtDuration(t.savedByReruns),
        'time-saved',
        later ? 'reading the tests…' : `${count(s.savedByRerun, 'run')} not run again, less the re-runs`,
        CI_TIME_NOTE,
      ),
      card(filtered ? 'runs shown' : 'runs on the branch', String(s.runs), 'runs', filtered ? `of ${all.points.length}` : undefined),
      card('tests', later ?? String(s.tests), 'tests'),
      card('runs red, with flakeguard', String(s.redWith), 'red-with', later ? undefined : `${s.redWithout} had a failing test`),
      card('quarantined tests', later ?? String(s.quarantined), 'quarantined', later ? undefined : count(s.flaky, 'flaky test')),
      card('runs with an outage', String(outageRuns), 'outage-runs'),
    ),
    h('p', { class: 'legend footnote', data: { footnote: 'ci-time' } }, CI_TIME_NOTE),
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
  const together = model.partial ? null : clustersSummary(all);
  if (together) root.append(together);
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
