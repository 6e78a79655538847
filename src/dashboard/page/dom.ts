/**
 * The page's only way to make DOM: elements with text children. Strings become text nodes (never HTML), links go
 * through safeUrl (http and https only), and no attribute other than the few below can be set. Nothing read from
 * the data branch is ever parsed as HTML.
 */
import { safeUrl } from '../links.ts';

export type Child = Node | string | number | null | undefined | false | Child[];

export interface Attrs {
  class?: string;
  title?: string;
  /** Only http(s) URLs and in-page `#/…` routes; anything else is dropped. */
  href?: string;
  id?: string;
  /** data-* attributes, for tests and styling. */
  data?: Record<string, string>;
  type?: string;
  placeholder?: string;
  value?: string;
  ariaLabel?: string;
  role?: string;
}

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) for (const c of child) append(parent, c);
  else if (typeof child === 'string' || typeof child === 'number') parent.appendChild(document.createTextNode(String(child)));
  else parent.appendChild(child);
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs | null = null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    if (attrs.class) el.className = attrs.class;
    if (attrs.title) el.title = attrs.title;
    if (attrs.id) el.id = attrs.id;
    if (attrs.role) el.setAttribute('role', attrs.role);
    if (attrs.ariaLabel) el.setAttribute('aria-label', attrs.ariaLabel);
    if (attrs.href !== undefined && el instanceof HTMLAnchorElement) {
      const href = attrs.href.startsWith('#/') ? attrs.href : safeUrl(attrs.href);
      if (href) {
        el.href = href;
        if (!href.startsWith('#')) el.rel = 'noopener noreferrer';
      }
    }
    if (el instanceof HTMLInputElement) {
      if (attrs.type) el.type = attrs.type;
      if (attrs.placeholder) el.placeholder = attrs.placeholder;
      if (attrs.value !== undefined) el.value = attrs.value;
    }
    for (const [k, v] of Object.entries(attrs.data ?? {})) el.dataset[k] = v;
  }
  for (const c of children) append(el, c);
  return el;
}

/** A link when `href` is safe, plain text otherwise. */
export function link(href: string | undefined, ...children: Child[]): HTMLElement {
  return href ? h('a', { href }, ...children) : h('span', null, ...children);
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export function option(value: string, label: string, selected: boolean): HTMLOptionElement {
  const o = h('option', null, label);
  o.value = value;
  o.selected = selected;
  return o;
}

export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function fmtDate(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

export function fmtDuration(sec: number): string {
  if (sec < 60) return `${sec.toFixed(1)} s`;
  if (sec < 3600) return `${(sec / 60).toFixed(1)} min`;
  return `${(sec / 3600).toFixed(1)} h`;
}
