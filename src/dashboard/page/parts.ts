/** What the views share: the headline cards, a test's state badge, its PFS and its name as a link (text nodes only, dom.ts). */
import { testHref } from '../links.ts';
import { STATE_LABEL, type TestEntry, type TestState } from '../page-model.ts';
import { h } from './dom.ts';

export { testHref };

/** A headline figure; `title`, when given, says how it is computed (a tooltip). */
export function card(label: string, value: string, name: string, note?: string, title?: string): HTMLElement {
  return h(
    'div',
    { class: 'card', data: { metric: name }, ...(title ? { title } : {}) },
    h('div', { class: 'value' }, value),
    h('div', { class: 'label' }, label),
    note ? h('div', { class: 'note' }, note) : null,
  );
}

export function stateBadge(state: TestState): HTMLElement {
  return h('span', { class: `badge state-${state}` }, STATE_LABEL[state]);
}

export function pfsText(t: TestEntry): string {
  const p = t.stats?.pfs;
  return p ? `${p[0].toFixed(2)} [${p[1].toFixed(2)}, ${p[2].toFixed(2)}]` : '—';
}

export function testName(t: TestEntry): HTMLElement {
  return h('a', { href: testHref(t.id), class: 'test-link', title: t.id }, h('span', { class: 'cls' }, t.history.classname ? `${t.history.classname} › ` : ''), t.history.name);
}
