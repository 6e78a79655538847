/** Prints the table of every config-file key (docs/rules.md): `node scripts/config-table.ts`. */
import { settingsTable } from '../src/config/settings.ts';
import { DEFAULT_POLICY } from '../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../src/history/merge.ts';

console.log(settingsTable({ retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY }));
