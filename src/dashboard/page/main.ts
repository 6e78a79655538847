/**
 * The dashboard page: loads the data branch's files next to it and draws one of five views, chosen by the URL's
 * hash (#/ suite, with its filters as `#/?range=30d&branch=main`; #/tests, #/test/<id>, #/clusters, #/clusters/<id>, #/quarantine). Performance API marks, read by scripts/bench/dashboard.ts:
 * `fg:runs-painted` after the first frame with data (the suite view of runs.json: the first meaningful paint) and
 * `fg:painted` after the frame with every file read and drawn.
 */
import type { Model } from '../page-model.ts';
import type { TestQuery } from '../test-query.ts';
import { count } from '../wording.ts';
import { filterHash, parseFilter } from '../run-filter.ts';
import { loadBranch, loadDecisions } from './load.ts';
import { clear, h } from './dom.ts';
import { renderSuite } from './suite-view.ts';
import { renderTests } from './tests-view.ts';
import { renderTest } from './test-view.ts';
import { renderBacklog } from './backlog-view.ts';
import { renderClusters } from './clusters-view.ts';

const main = document.getElementById('main')!;
const status = document.getElementById('status')!;
// The page's state, one per page load (a browser page, not a module shared by callers): the model once read, the
// suite view's by-day switch and the tests view's query; `route` draws the view the hash names from them.
let model: Model | undefined;
let byDay = false;
let query: TestQuery = { state: 'flaky-or-quarantined', sort: 'pfs' };

function route(): void {
  if (!model) return;
  const hash = location.hash || '#/';
  const suite = hash === '#/' || hash.startsWith('#/?');
  if (model.partial && !suite) {
    clear(main);
    main.append(h('p', { class: 'count' }, "Reading the tests' files…"));
    return;
  }
  for (const a of document.querySelectorAll<HTMLAnchorElement>('nav a')) {
    const href = a.getAttribute('href')!;
    a.classList.toggle('on', href === '#/' ? suite : hash.startsWith(href));
  }
  if (hash.startsWith('#/test/')) {
    let id: string;
    try {
      id = decodeURIComponent(hash.slice('#/test/'.length));
    } catch {
      id = hash.slice('#/test/'.length);
    }
    renderTest(main, model, id, loadDecisions);
    window.scrollTo(0, 0);
  } else if (hash.startsWith('#/tests')) {
    renderTests(main, model, query, (q) => (query = q));
  } else if (hash.startsWith('#/clusters')) {
    const one = /^#\/clusters\/(\d{1,9})$/.exec(hash);
    renderClusters(main, model, one ? Number(one[1]) : undefined);
  } else if (hash.startsWith('#/quarantine')) {
    renderBacklog(main, model);
  } else {
    // The filters live in the hash (run-filter.ts): a filtered view is a link, and Back undoes a change.
    renderSuite(
      main,
      model,
      parseFilter(hash),
      (f) => {
        location.hash = filterHash(f);
      },
      byDay,
      (v) => {
        byDay = v;
        route();
      },
    );
  }
}

async function start(): Promise<void> {
  performance.mark('fg:start');
  try {
    window.addEventListener('hashchange', route);
    const loaded = await loadBranch({
      progress: (done, total) => {
        status.textContent = `Reading the data branch… ${done}/${total} files`;
      },
      early: (runsOnly) => {
        // The runs' outcomes at once; the tests' numbers follow when every file is read.
        model = runsOnly;
        route();
        performance.mark('fg:runs-ready');
        requestAnimationFrame(() => setTimeout(() => performance.mark('fg:runs-painted'), 0));
      },
    });
    model = loaded.model;
    performance.mark('fg:loaded');
    clear(status);
    const repo = model.repoUrl;
    status.append(
      `${count(model.tests.length, 'test')}, ${count(model.runs.length, 'run')}, ${count(loaded.files, 'file')} (${(loaded.bytes / 1e6).toFixed(1)} MB)`,
      repo ? ' · ' : '',
      repo ? h('a', { href: repo }, repo.replace(/^https?:\/\//, '')) : '',
    );
    if (loaded.problems.length > 0) {
      main.before(h('div', { class: 'problems', role: 'alert' }, h('strong', null, 'Some of the branch could not be read: '), loaded.problems.slice(0, 10).join('; ')));
    }
    route();
    performance.mark('fg:ready');
    document.body.dataset.ready = '1';
    // After the frame that shows it: the first meaningful paint.
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark('fg:painted');
        document.body.dataset.painted = '1';
      }, 0),
    );
  } catch (error) {
    clear(status);
    status.append(h('span', { class: 'red' }, `The dashboard could not read the data branch: ${error instanceof Error ? error.message : String(error)}`));
    document.body.dataset.ready = 'error';
  }
}

void start();
