/**
 * Parsing the optional YAML config file (input `config`): retention, the policy's rule and every parameter of every seed
 * method (src/config/settings.ts lists them). Unknown keys and bad values are errors that name the file, the line
 * and the key, so a typo never silently falls back to a default.
 *
 * Its own module so that the YAML library (~290 KB) is loaded only when there is a config file (src/config/file.ts).
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { SETTINGS, type Setting } from './settings.ts';
import { DEFAULT_RETENTION } from '../history/merge.ts';
import { DEFAULT_POLICY, type PolicyOptions } from '../policy/quarantine.ts';
import type { FileConfig } from './file-config.ts';
import { InputError } from './inputs.ts';

/** A fresh, mutable copy of the defaults. */
function defaults(): FileConfig {
  return { retention: { ...DEFAULT_RETENTION }, policy: structuredClone(DEFAULT_POLICY) as PolicyOptions };
}

const BY_KEY = new Map(SETTINGS.map((s) => [s.key, s]));
const SECTIONS = [...new Set(SETTINGS.map((s) => s.key.split('.')[0]!))];

function setAt(config: FileConfig, target: string[], value: unknown): void {
  let at = config as unknown as Record<string, unknown>;
  for (const part of target.slice(0, -1)) {
    const next = { ...(at[part] as Record<string, unknown>) };
    at[part] = next;
    at = next;
  }
  at[target[target.length - 1]!] = value;
}

function range(min: number, max: number, above?: boolean): string {
  return `${above ? `above ${min}` : `from ${min}`} ${above ? 'and at most' : 'to'} ${max}`;
}

/** The value a setting accepts, or the reason it does not. */
function readValue(setting: Setting, value: unknown): { value?: unknown; error?: string } {
  const k = setting.kind;
  const inRange = (x: unknown, min: number, max: number, above?: boolean): x is number => typeof x === 'number' && Number.isFinite(x) && (above ? x > min : x >= min) && x <= max;
  switch (k.type) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) && value >= k.min && value <= k.max ? { value } : { error: `must be a whole number from ${k.min} to ${k.max}` };
    case 'number':
      return inRange(value, k.min, k.max, k.above) ? { value } : { error: `must be a number ${range(k.min, k.max, k.above)}` };
    case 'choice':
      return typeof value === 'string' && k.words.includes(value) ? { value } : { error: `must be one of ${k.words.join(', ')}` };
    case 'bool':
      return typeof value === 'boolean' ? { value } : { error: 'must be true or false' };
    case 'list':
      return Array.isArray(value) && value.every((w) => typeof w === 'string' && k.words.includes(w)) && new Set(value).size === value.length
        ? { value: [...(value as string[])] }
        : { error: `must be a list of distinct words among ${k.words.join(', ')}` };
    case 'owner-caps':
      return { error: 'must be a mapping' };
    case 'pair':
      return Array.isArray(value) && value.length === 2 && value.every((x) => inRange(x, k.min, k.max, k.above))
        ? { value: [value[0], value[1]] }
        : { error: `must be a pair [a, b] of numbers ${range(k.min, k.max, k.above)}` };
  }
}

/** Owners' names are CODEOWNERS text: bounded, no control characters; compared case-insensitively, so each once. */
const OWNER_NAME = /^[^\u0000-\u001f\u007f]{1,200}$/;

/**
 * `policy.quarantine.caps`: owner → cap. Each entry is checked on its own line; the result has no prototype keys to
 * collide with (an owner may be named `__proto__`).
 */
function readOwnerCaps(
  node: unknown,
  key: string,
  max: number,
  path: string,
  line: string,
  at: (node: { range?: [number, number, number] | null } | null | undefined) => string,
): Record<string, number> {
  if (!isMap(node)) throw new InputError(`Config file ${path}${line}: '${key}' must be a mapping of owners to caps, e.g. {"@org/payments": 3}.`);
  const out: Array<[string, number]> = [];
  const seen = new Set<string>();
  for (const item of node.items) {
    const where = at(item.key as { range?: [number, number, number] } | null) || line;
    const owner = isScalar(item.key) ? item.key.value : undefined;
    if (typeof owner !== 'string' || !OWNER_NAME.test(owner) || owner.trim() !== owner) {
      throw new InputError(`Config file ${path}${where}: '${key}' must name each owner as CODEOWNERS does (a quoted string such as "@org/team", at most 200 characters).`);
    }
    if (seen.has(owner.toLowerCase())) throw new InputError(`Config file ${path}${where}: '${key}' names ${JSON.stringify(owner)} twice (owners are compared case-insensitively).`);
    seen.add(owner.toLowerCase());
    const value = isScalar(item.value) ? item.value.value : undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
      throw new InputError(`Config file ${path}${where}: '${key}' of ${JSON.stringify(owner)} must be a whole number from 0 to ${max}.`);
    }
    out.push([owner, value]);
  }
  return Object.fromEntries(out);
}

export function parseFileConfig(text: string, path: string): FileConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new InputError(`Config file ${path} is not valid YAML (line ${e.linePos?.[0]?.line ?? '?'}): ${e.message.split('\n')[0]}`);
  }
  const config = defaults();
  const at = (node: { range?: [number, number, number] | null } | null | undefined): string => {
    const offset = node?.range?.[0];
    return offset === undefined ? '' : `, line ${lines.linePos(offset).line}`;
  };
  const walk = (node: unknown, prefix: string, where: string): void => {
    if (!isMap(node)) {
      if (prefix === '' && (node === null || node === undefined || (isScalar(node) && (node.value === null || node.value === undefined)))) return;
      throw new InputError(prefix === '' ? `Config file ${path}${where} must be a mapping.` : `Config file ${path}${where}: '${prefix}' must be a mapping.`);
    }
    for (const pair of node.items) {
      const keyNode = pair.key as { range?: [number, number, number] } | null;
      const name = String(isScalar(pair.key) ? pair.key.value : pair.key);
      const key = prefix ? `${prefix}.${name}` : name;
      const line = at(keyNode);
      const setting = BY_KEY.get(key);
      if (setting?.kind.type === 'owner-caps') {
        setAt(config, setting.target, readOwnerCaps(pair.value, key, setting.kind.max, path, line, at));
        continue;
      }
      if (setting) {
        // Aliases are resolved with a bound, so that a few lines cannot expand into gigabytes.
        const raw = isScalar(pair.value) || isSeq(pair.value) ? pair.value.toJS(doc, { maxAliasCount: 10 }) : (pair.value ?? null);
        const { value, error } = readValue(setting, raw);
        if (error) throw new InputError(`Config file ${path}${line}: '${key}' ${error}.`);
        setAt(config, setting.target, value);
        continue;
      }
      const children = SETTINGS.filter((s) => s.key.startsWith(`${key}.`));
      if (children.length === 0) {
        if (!prefix) throw new InputError(`Config file ${path}${line}: unknown section '${key}' (known: ${SECTIONS.join(', ')}).`);
        const known = [...new Set(SETTINGS.filter((s) => s.key.startsWith(`${prefix}.`)).map((s) => s.key.slice(prefix.length + 1).split('.')[0]!))];
        throw new InputError(`Config file ${path}${line}: unknown key '${key}' (known: ${known.join(', ')}).`);
      }
      walk(pair.value, key, line);
    }
  };
  walk(doc.contents, '', '');
  return config;
}
