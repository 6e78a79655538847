/**
 * Failures grouped by co-failure cluster (#/clusters, one cluster at #/clusters/<id>; docs/clusters.md): each cluster
 * said as the summary says it, with its members linking to their pages; and the short form the suite view and a
 * test's page show. Text nodes only (dom.ts): signatures and names come from the branch.
 */
import type { StoredCluster } from '../../clusters/cluster.ts';
import { clusterGroups, clusterSentence, thousands, type ClusterGroup } from '../clusters.ts';
import type { Model } from '../page-model.ts';
import { count } from '../wording.ts';
import { disposeCharts } from './charts.ts';
import { clear, h, type Child } from './dom.ts';
import { stateBadge, testName } from './parts.ts';

export const clusterHref = (id: number): string => `#/clusters/${id}`;

/** "4 tests failed together with `sig`: cluster 7, since run #1,482 (…)", the signature as code, the cluster a link. */
function sentence(g: ClusterGroup): Child[] {
  const s = clusterSentence(g);
  const [before, after] = splitAtCluster(s.tail, g.cluster.id);
  return [s.lead, s.signature !== undefined ? h('code', { class: 'sig' }, s.signature) : null, before, h('a', { href: clusterHref(g.cluster.id) }, `cluster ${g.cluster.id}`), after];
}

function splitAtCluster(tail: string, id: number): [string, string] {
  const word = `cluster ${id}`;
  const at = tail.indexOf(word);
  return [tail.slice(0, at), tail.slice(at + word.length)];
}

/** A member: a link to its page when the history holds it, else its id as text. */
function memberName(m: ClusterGroup['members'][number]): HTMLElement {
  return m.entry ? testName(m.entry) : h('span', { class: 'mono', title: 'no longer in the history' }, m.id);
}

/** The newest run's part: "In the newest run (#1,500), 3 of them failed." */
function newestLine(model: Model, g: ClusterGroup): string {
  const newest = model.points.at(-1)?.seq;
  if (newest === undefined || g.failedNewest === 0) return '';
  return ` In the newest run (#${thousands(newest)}), ${g.failedNewest} of them failed.`;
}

function groupSection(model: Model, g: ClusterGroup): HTMLElement {
  return h(
    'section',
    { class: 'cluster', data: { cluster: String(g.cluster.id), members: String(g.members.length) } },
    h('h3', null, `Cluster ${g.cluster.id}`),
    h('p', { class: 'cluster-line' }, ...sentence(g), '.', newestLine(model, g)),
    h(
      'table',
      { class: 'grid', data: { table: 'cluster-members' } },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['test', 'state', 'failed runs in the window', 'failed in the newest run'].map((c) => h('th', null, c)),
        ),
      ),
      h(
        'tbody',
        null,
        g.members.map((m) =>
          h(
            'tr',
            { data: { id: m.id } },
            h('td', null, memberName(m)),
            h('td', null, m.entry ? stateBadge(m.entry.state) : '—'),
            h('td', { class: 'num' }, m.entry ? m.entry.failedRuns + m.entry.flakedRuns : '—'),
            h('td', null, m.failedNewest ? h('span', { class: 'red' }, 'failed') : '—'),
          ),
        ),
      ),
    ),
  );
}

const INTRO =
  'Tests whose failures come in the same runs most likely share one cause (an infrastructure fault, a shared fixture, a test that leaves state behind): fix it once. ' +
  'Clusters are found after every write (docs/clusters.md); they decide nothing. Outages are not in them.';

/** #/clusters (every cluster) or #/clusters/<id> (one). */
export function renderClusters(root: HTMLElement, model: Model, only?: number): void {
  disposeCharts();
  clear(root);
  const all = clusterGroups(model);
  const shown = only === undefined ? all : all.filter((g) => g.cluster.id === only);
  root.append(only === undefined ? h('h2', null, 'Tests that fail together') : h('p', { class: 'crumbs' }, h('a', { href: '#/clusters' }, '← every cluster')), h('p', { class: 'legend' }, INTRO));
  if (all.length === 0) {
    root.append(h('p', { data: { clusters: '0' } }, 'No co-failure cluster on this branch: no group of tests has failed together in 3 runs or more (clusters.json).'));
    return;
  }
  if (shown.length === 0) {
    root.append(h('p', null, `No cluster ${only} on this branch now: its tests no longer fail together, or it was merged into another.`));
    return;
  }
  if (only === undefined) root.append(h('p', { class: 'count', data: { clusters: String(all.length) } }, `${count(all.length, 'cluster')}, the most recently together first.`));
  root.append(...shown.map((g) => groupSection(model, g)));
}

/** The suite view's section: the clusters that failed together most recently, a line each. */
export function clustersSummary(model: Model, max = 5): HTMLElement | null {
  const groups = clusterGroups(model);
  if (groups.length === 0) return null;
  return h(
    'div',
    { data: { section: 'failed-together' } },
    h('h3', null, 'Failed together'),
    h(
      'ul',
      { class: 'clusters' },
      groups.slice(0, max).map((g) =>
        h(
          'li',
          { data: { cluster: String(g.cluster.id) } },
          ...sentence(g),
          ': ',
          g.members.slice(0, 5).map((m, i) => [i > 0 ? ', ' : '', memberName(m)]),
          g.members.length > 5 ? ` and ${g.members.length - 5} more` : '',
          '.',
        ),
      ),
    ),
    h(
      'p',
      { class: 'legend' },
      groups.length > max ? h('a', { href: '#/clusters' }, `All ${count(groups.length, 'cluster')}`) : h('a', { href: '#/clusters' }, 'The clusters, with their members'),
      ': tests that fail in the same runs most likely share one cause.',
    ),
  );
}

/** A test's page: the cluster it is in, if any. */
export function clusterParagraph(model: Model, id: string): HTMLElement | string {
  const c: StoredCluster | undefined = model.clusterOf.get(id);
  if (!c) return '';
  const others = c.members.length - 1;
  return h(
    'p',
    { data: { field: 'cluster', cluster: String(c.id) } },
    h('strong', null, `Fails together with ${count(others, 'other test')}`),
    c.signature !== undefined ? [' with ', h('code', { class: 'sig' }, c.signature)] : null,
    ': ',
    h('a', { href: clusterHref(c.id) }, `cluster ${c.id}`),
    `, since run #${thousands(c.since)} (together in ${count(c.together, 'run')}, the newest #${thousands(c.last)}). Most likely one cause: fix it once.`,
  );
}
