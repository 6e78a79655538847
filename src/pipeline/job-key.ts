/**
 * Job keys (the `job-key` input, usually `${{ toJSON(matrix) }}`) in words people read: `os=windows-latest,
 * node=20`. Used to keep one test's history per matrix combination apart (`split-history-by: job-key`), to
 * name shards in messages and to match the shards an aggregating job expects. Pure, and cheap to load: the
 * common path imports it.
 */
import { createHash } from 'node:crypto';

/** Renderings longer than this are cut and end with a hash of the whole key, so two long keys stay apart. */
export const MAX_RENDERED_KEY = 120;

function renderValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

function objectOf(raw: string): Record<string, unknown> | undefined {
  const text = raw.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A readable, one-line rendering of a job key: a JSON object becomes `key=value` pairs in the order given
 * (`{"os":"windows-latest","node":20}` → `os=windows-latest, node=20`), a JSON string its text, anything
 * else itself on one line. Empty for an empty key or `{}`.
 */
export function renderJobKey(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  const object = objectOf(text);
  let rendered: string;
  if (object) {
    rendered = Object.entries(object)
      .map(([k, v]) => `${k}=${renderValue(v)}`)
      .join(', ');
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    rendered = typeof parsed === 'string' ? parsed : text;
  }
  rendered = oneLine(rendered);
  if (rendered.length > MAX_RENDERED_KEY) {
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
    rendered = `${rendered.slice(0, MAX_RENDERED_KEY - 11)}… #${hash}`;
  }
  return rendered;
}

/**
 * The test id with the job key in it: `classname::name [os=windows-latest]`. The original id (and so the
 * test's name) stays verbatim at the start; an empty key leaves the id unchanged.
 */
export function splitTestId(id: string, renderedKey: string): string {
  return renderedKey === '' ? id : `${id} [${renderedKey}]`;
}

/**
 * A form of a job key that does not depend on how it was written: JSON objects and `k=v, k=v` lines become
 * their pairs sorted by key. Used to match `expected-shards` lines against the keys shards report.
 */
export function canonicalJobKey(raw: string): string {
  const object = objectOf(raw);
  if (object) {
    return Object.entries(object)
      .map(([k, v]) => `${k}=${oneLine(renderValue(v))}`)
      .sort()
      .join(', ');
  }
  const text = oneLine(raw);
  const parts = text.split(/,\s*/);
  if (parts.length > 0 && parts.every((p) => /^[^=\s][^=]*=/.test(p))) {
    return parts
      .map((p) => {
        const i = p.indexOf('=');
        return `${p.slice(0, i).trim()}=${p.slice(i + 1).trim()}`;
      })
      .sort()
      .join(', ');
  }
  return text;
}

/** How a shard is named in messages: `test (os=windows-latest)`, or the job alone. */
export function shardLabel(job: string, jobKey: string): string {
  const rendered = renderJobKey(jobKey);
  return rendered === '' ? job : `${job} (${rendered})`;
}
