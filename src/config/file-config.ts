/** What the optional YAML config file (input `config`) sets, and its defaults (src/config/file.ts reads it). */
import { DEFAULT_RETENTION, type RetentionOptions } from '../history/merge.ts';
import { DEFAULT_POLICY, type PolicyOptions } from '../policy/quarantine.ts';

export interface FileConfig {
  retention: RetentionOptions;
  policy: PolicyOptions;
  /** Squash the data branch to a fresh root every this many writes; undefined: by suite size. */
  compactEvery?: number;
}

export const DEFAULT_FILE_CONFIG: FileConfig = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY };
