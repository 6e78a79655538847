/**
 * The optional YAML config file (input `config`): retention and policy settings. Unknown keys and bad values
 * are errors that name the key, so a typo never silently falls back to a default.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { DEFAULT_RETENTION, type RetentionOptions } from '../history/merge.ts';
import { DEFAULT_POLICY, type PolicyOptions } from '../policy/quarantine.ts';
import { InputError } from './inputs.ts';

export interface FileConfig {
  retention: RetentionOptions;
  policy: PolicyOptions;
  /** Squash the data branch to a fresh root every this many writes; undefined: by suite size. */
  compactEvery?: number;
}

export const DEFAULT_FILE_CONFIG: FileConfig = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY };

type Field = keyof RetentionOptions | keyof PolicyOptions | 'compactEvery';
const SECTIONS: Record<string, Record<string, [Field, number, number]>> = {
  history: { 'max-runs': ['maxRuns', 2, 10_000], 'max-age-days': ['maxAgeDays', 1, 3650], 'compact-every': ['compactEvery', 2, 100_000] },
  policy: {
    'enter-same-commit-flips': ['enterSameCommitFlips', 1, 1000],
    'enter-failure-episodes': ['enterFailureEpisodes', 1, 1000],
    window: ['window', 2, 10_000],
    'breakage-streak': ['breakageStreak', 1, 1000],
    'release-after-clean-runs': ['releaseAfterCleanRuns', 1, 10_000],
    'outage-min-tests': ['outageMinTests', 2, 1_000_000],
    'outage-percent': ['outagePercent', 1, 100],
  },
};
/** Keys whose value is one of a few words. */
const CHOICES: Record<string, Record<string, [Field, readonly string[]]>> = {
  policy: { forgive: ['forgive', ['known-failures', 'any-failure']] },
};

export function parseFileConfig(text: string, path: string): FileConfig {
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 10 });
  } catch (error) {
    throw new InputError(`Config file ${path} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const config: FileConfig = { retention: { ...DEFAULT_RETENTION }, policy: { ...DEFAULT_POLICY } };
  if (raw === null || raw === undefined) return config;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new InputError(`Config file ${path} must be a mapping.`);
  for (const [section, values] of Object.entries(raw as Record<string, unknown>)) {
    const known = SECTIONS[section];
    if (!known) throw new InputError(`Config file ${path}: unknown section '${section}' (known: ${Object.keys(SECTIONS).join(', ')}).`);
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      throw new InputError(`Config file ${path}: '${section}' must be a mapping.`);
    }
    for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
      const choice = CHOICES[section]?.[key];
      if (choice) {
        const [field, words] = choice;
        if (typeof value !== 'string' || !words.includes(value)) {
          throw new InputError(`Config file ${path}: '${section}.${key}' must be one of ${words.join(', ')}.`);
        }
        (config.policy as unknown as Record<string, string>)[field] = value;
        continue;
      }
      const spec = known[key];
      if (!spec) throw new InputError(`Config file ${path}: unknown key '${section}.${key}' (known: ${[...Object.keys(known), ...Object.keys(CHOICES[section] ?? {})].join(', ')}).`);
      const [field, min, max] = spec;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw new InputError(`Config file ${path}: '${section}.${key}' must be a whole number from ${min} to ${max}.`);
      }
      if (field === 'compactEvery') config.compactEvery = value;
      else ((section === 'history' ? config.retention : config.policy) as unknown as Record<string, number>)[field] = value;
    }
  }
  return config;
}

export async function loadFileConfig(path: string): Promise<FileConfig> {
  if (!path) return DEFAULT_FILE_CONFIG;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`Config file ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseFileConfig(text, path);
}
