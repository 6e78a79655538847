/** One test (#/test/<id>): its history strip, since when, its co-failure cluster, its diagnosis by experiment, PFS over time, failure modes, quarantine and its timeline. */
import { ageDays } from '../backlog.ts';
import { issueUrl } from '../links.ts';
import type { Model, TestEntry } from '../page-model.ts';
import { pfsHistory } from '../pfs-history.ts';
import { testDetail, timelineRows, type TestDetail } from '../test-detail.ts';
import { changeSentence, latestChange, NO_CHANGE } from '../../onset/index.ts';
import { count } from '../wording.ts';
import { shardOf, statsPath } from '../../store/layout.ts';
import { MAX_EVENTS_PER_TEST } from '../../store/decisions.ts';
import type { DecisionsFile } from './load.ts';
import { chart, disposeCharts } from './charts.ts';
import { clear, fmtDate, h, link, type Child } from './dom.ts';
import { card, pfsText, stateBadge } from './parts.ts';
import { clusterParagraph } from './clusters-view.ts';
import { diagnosisParagraph } from './diagnosis-view.ts';

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
    onsetParagraph(d),
    clusterParagraph(model, entry.id),
    diagnosisParagraph(model, entry.id),
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

/**
 * Since when (docs/onset.md): where the failure rate changed, as a range of runs and its commits; "no change in rate
 * found" when the evidence is weak. The commits that touched the test's folder are in its issue and `flakeguard why`:
 * the page has no git.
 */
function onsetParagraph(d: TestDetail): HTMLElement | string {
  if (!d.onset) return '';
  const c = latestChange(d.onset);
  if (!c) return h('p', { class: 'legend', data: { field: 'onset', direction: 'none' } }, `Since when: ${NO_CHANGE} in ${count(d.onset.runs, 'run')} (${count(d.onset.failures, 'failure')}).`);
  const from = (c.base ?? c.shas[0] ?? c.first.sha).slice(0, 7);
  const to = (c.head ?? c.last.sha).slice(0, 7);
  const since = from === to ? to : `${from}…${to}`;
  return h(
    'p',
    { data: { field: 'onset', direction: c.direction, first: c.first.run, last: c.last.run } },
    h('strong', null, `${c.direction === 'up' ? 'Flaky since' : 'Failing less since'} ${since}`),
    `: its ${changeSentence(c, (r) => `#${r.run}`)}.`,
    c.direction === 'down' ? ' Nobody said it was fixed: if a change fixed it, say so in its issue.' : '',
  );
}
