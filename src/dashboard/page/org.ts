/**
 * The org dashboard page (docs/org.md): built by scripts/build-dashboard.ts as the repository dashboard is (one file,
 * script and styles inline, the same Content-Security-Policy), with the org's model (../org-model.ts) in a JSON data
 * block written by `flakeguard org`. Two views, chosen by the URL's hash: #/ the repositories ranked and the org's
 * trend, #/tests the flakiest tests across repositories. The repositories left out are named above every view.
 * Everything from the model is drawn as text (dom.ts): names are data, never HTML.
 */
import type { OrgModel, OrgTest, RepoSummary } from '../org-model.ts';
import { count } from '../wording.ts';
import { chart, disposeCharts } from './charts.ts';
import { clear, fmtDate, fmtDuration, h, link, pct } from './dom.ts';
import { card, stateBadge } from './parts.ts';
import { minutesText, priceText } from '../../cost/index.ts';

const main = document.getElementById('main')!;
const status = document.getElementById('status')!;

function readModel(): OrgModel {
  const block = document.getElementById('org-data');
  if (!block?.textContent) throw new Error('this page has no org data: `flakeguard org` writes it');
  return JSON.parse(block.textContent) as OrgModel;
}

const share = (n: number, of: number): string => (of > 0 ? pct(n / of) : '—');

function repoLink(r: Pick<RepoSummary, 'name' | 'dashboard' | 'url'>): HTMLElement {
  return link(r.dashboard ?? r.url, r.name);
}

function renderRepos(root: HTMLElement, model: OrgModel): void {
  disposeCharts();
  clear(root);
  const t = model.totals;
  root.append(
    h('h2', null, 'The organisation'),
    h(
      'div',
      { class: 'cards' },
      card('repositories read', String(t.repos), 'repos', t.missing > 0 ? `${t.missing} missing (see above)` : 'none missing'),
      card('tests', String(t.tests), 'tests'),
      card('red runs flakeguard saved', String(t.saved), 'saved', `${t.saved} of ${count(t.runs, 'run')}; ${t.savedByRerun} by a re-run`),
      card('runs on the branches', String(t.runs), 'runs'),
      card('runs red because of flaky tests, without flakeguard', share(t.redFlakyWithout, t.runs), 'share-flaky-without', `${t.redFlakyWithout} of ${count(t.runs, 'run')}`),
      card('…and with flakeguard', share(t.redFlakyWith, t.runs), 'share-flaky-with', `${t.redFlakyWith} of ${count(t.runs, 'run')}`),
      card('flaky tests', String(t.flaky), 'flaky', `${t.quarantined} quarantined`),
      card('time lost to flaky failures', fmtDuration(t.lostSec), 'lost'),
      card('CI time flaky tests cost', minutesText(t.costSec ?? 0), 'cost', t.cost !== undefined ? `${priceText(t.cost)} at the repositories' prices` : 're-runs and red runs re-run by hand'),
    ),
  );
  const trend = h('div', { class: 'chart', data: { chart: 'org-trend' } });
  root.append(trend);
  const x = model.days.map((d) => d.day / 1000);
  const dayShare = (n: (d: OrgModel['days'][number]) => number) => model.days.map((d) => (d.runs > 0 ? Math.round((1000 * n(d)) / d.runs) / 10 : null));
  if (model.days.length > 0) {
    chart(
      trend,
      'Share of runs red because of flaky tests, all repositories, by day',
      x,
      [
        { label: 'without flakeguard', values: dayShare((d) => d.redFlakyWithout), color: '#d9480f', format: (v) => `${v}%` },
        { label: 'with flakeguard', values: dayShare((d) => d.redFlakyWith), color: '#1971c2', format: (v) => `${v}%` },
      ],
      { time: true, yLabel: '% of runs', percent: true },
    );
  }
  root.append(
    h('h3', null, 'Repositories, most runs red because of flaky tests first'),
    h(
      'table',
      { class: 'grid', data: { table: 'repos' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['#', 'repository', 'runs', 'red because of flaky tests (without flakeguard)', 'with flakeguard', 'flaky tests', 'quarantined', 'tests', 'time lost', 'newest run', 'red runs saved'].map(
            (c) => h('th', null, c),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        model.repos.map((r, i) =>
          h(
            'tr',
            { data: { repo: r.name } },
            h('td', { class: 'num' }, i + 1),
            h('td', null, repoLink(r), r.problems.length > 0 ? h('span', { class: 'red', title: r.problems.slice(0, 10).join('\n') }, ` (${count(r.problems.length, 'problem')})`) : null),
            h('td', { class: 'num' }, r.runs),
            h('td', { class: 'num' }, `${r.redFlakyWithout} (${share(r.redFlakyWithout, r.runs)})`),
            h('td', { class: 'num' }, `${r.redFlakyWith} (${share(r.redFlakyWith, r.runs)})`),
            h('td', { class: 'num' }, r.flaky),
            h('td', { class: 'num' }, r.quarantined),
            h('td', { class: 'num' }, r.tests),
            h('td', { class: 'num' }, fmtDuration(r.lostSec)),
            h('td', null, fmtDate(r.newest)),
            h('td', { class: 'num', data: { field: 'saved' } }, r.saved),
          ),
        ),
      ),
    ),
  );
}

function testCell(t: OrgTest): HTMLElement {
  const label = [h('span', { class: 'cls' }, t.classname ? `${t.classname} › ` : ''), t.name];
  return t.href ? h('a', { href: t.href, class: 'test-link', title: t.id }, label) : h('span', { class: 'test-link', title: t.id }, label);
}

function renderTests(root: HTMLElement, model: OrgModel): void {
  disposeCharts();
  clear(root);
  const byName = new Map(model.repos.map((r) => [r.name, r]));
  root.append(
    h('h2', null, 'The flakiest tests across repositories'),
    h(
      'p',
      { class: 'count' },
      `${count(model.tests.length, 'test')}: most runs flaked first, then the probability of a flaky failure (PFS). A test links to its page in its repository's dashboard when that address is known.`,
    ),
    h(
      'table',
      { class: 'grid', data: { table: 'org-tests' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['repository', 'test', 'state', 'flaked runs', 'failed runs', 'runs', 'PFS', 'time lost', 'CI cost'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        model.tests.map((t) =>
          h(
            'tr',
            { data: { repo: t.repo, id: t.id } },
            h('td', null, repoLink(byName.get(t.repo) ?? { name: t.repo })),
            h('td', null, testCell(t)),
            h('td', null, stateBadge(t.state)),
            h('td', { class: 'num' }, t.flakedRuns),
            h('td', { class: 'num' }, t.failedRuns),
            h('td', { class: 'num' }, t.runs),
            h('td', { class: 'num mono' }, t.pfs >= 0 ? t.pfs.toFixed(2) : '—'),
            h('td', { class: 'num' }, t.lostSec !== undefined ? fmtDuration(t.lostSec) : '—'),
            h('td', { class: 'num' }, costText(t)),
          ),
        ),
      ),
    ),
    h('h3', null, 'What flaky tests cost, costliest first'),
    h(
      'table',
      { class: 'grid', data: { table: 'org-cost' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['#', 'repository', 'test', 'state', 'CI cost', 'saved by re-runs'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        (model.costliest ?? []).map((t, i) =>
          h(
            'tr',
            { data: { repo: t.repo, id: t.id } },
            h('td', { class: 'num' }, i + 1),
            h('td', null, repoLink(byName.get(t.repo) ?? { name: t.repo })),
            h('td', null, testCell(t)),
            h('td', null, stateBadge(t.state)),
            h('td', { class: 'num' }, costText(t)),
            h('td', { class: 'num' }, t.savedSec !== undefined ? minutesText(t.savedSec) : '—'),
          ),
        ),
      ),
    ),
  );
}

/** A test's CI cost in minutes, and its price when its repository records one (docs/cost.md). */
function costText(t: OrgTest): string {
  if (t.costSec === undefined) return '—';
  return t.cost !== undefined ? `${minutesText(t.costSec)} (${priceText(t.cost)})` : minutesText(t.costSec);
}

function missingNotice(model: OrgModel): HTMLElement | null {
  if (model.missing.length === 0) return null;
  return h(
    'div',
    { class: 'problems', role: 'alert', data: { missing: String(model.missing.length) } },
    h('strong', null, `${count(model.missing.length, 'repository', 'repositories')} not in these numbers: `),
    h(
      'ul',
      null,
      model.missing.map((m) => h('li', { data: { missingRepo: m.name } }, h('code', null, m.name), ` (${m.source}): `, m.reason)),
    ),
  );
}

function start(): void {
  let model: OrgModel;
  try {
    model = readModel();
  } catch (error) {
    status.append(h('span', { class: 'red' }, `The org dashboard could not read its data: ${error instanceof Error ? error.message : String(error)}`));
    document.body.dataset.ready = 'error';
    return;
  }
  status.append(`${count(model.repos.length, 'repository', 'repositories')} read, ${model.missing.length} missing · built ${fmtDate(model.built)} UTC`);
  const notice = missingNotice(model);
  if (notice) main.before(notice);
  const route = (): void => {
    const hash = location.hash || '#/';
    for (const a of document.querySelectorAll<HTMLAnchorElement>('nav a')) a.classList.toggle('on', a.getAttribute('href') === (hash.startsWith('#/tests') ? '#/tests' : '#/'));
    if (hash.startsWith('#/tests')) renderTests(main, model);
    else renderRepos(main, model);
  };
  window.addEventListener('hashchange', route);
  route();
  document.body.dataset.ready = '1';
}

start();
