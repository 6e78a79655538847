/**
 * Job keys (the `job-key` input, usually `${{ toJSON(matrix) }}`) in words people read: `os=windows-latest,
 * node=20`. Used to keep one test's history per matrix combination apart (`split-history-by: job-key`), to
 * name shards in messages and to match the shards an aggregating job expects. Pure, and cheap to load: the
 * common path imports it.
 */
import { createHash } from 'node:crypto';
import { keyObject, keyValuePairs, oneLine, valueText } from '../history/cell.ts';

/** Renderings longer than this are cut and end with a hash of the whole key, so two long keys stay apart. */
export const MAX_RENDERED_KEY = 120;

/**
 * A readable, one-line rendering of a job key: a JSON object becomes `key=value` pairs in the order given
 * (`{"os":"windows-latest","node":20}` → `os=windows-latest, node=20`), a JSON string its text, anything
 * else itself on one line. Empty for an empty key or `{}`.
 */
export function renderJobKey(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  const object = keyObject(text);
  let rendered: string;
  if (object) {
    rendered = Object.entries(object)
      .map(([k, v]) => `${k}=${valueText(v)}`)
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
  const object = keyObject(raw);
  if (object) {
    return Object.entries(object)
      .map(([k, v]) => `${k}=${oneLine(valueText(v))}`)
      .sort()
      .join(', ');
  }
  const text = oneLine(raw);
  const pairs = keyValuePairs(text);
  if (pairs) {
    return pairs
      .map(([k, v]) => `${k}=${v}`)
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
