/**
 * docs/why.md shows the JSON Schema of `flakeguard why --json` as docs/why.schema.json has it (ADR 0505): the page a
 * person reads and the file the tests validate against are one text.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/action.ts';

describe('docs/why.md', () => {
  it('shows docs/why.schema.json exactly', () => {
    const page = readFileSync(join(PROJECT_ROOT, 'docs/why.md'), 'utf8');
    const file = readFileSync(join(PROJECT_ROOT, 'docs/why.schema.json'), 'utf8');
    const shown = /<summary>docs\/why\.schema\.json<\/summary>\n\n```json\n([\s\S]*?)\n```/.exec(page)?.[1];
    expect(shown).toBe(file.trimEnd());
    const schema = JSON.parse(file) as { $schema: string; properties: Record<string, unknown> };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(Object.keys(schema.properties)).toEqual(['schema', 'test', 'dataBranch', 'verdict', 'cluster', 'onset', 'rate', 'diagnosis', 'cost', 'history', 'signatures', 'owners', 'rerun', 'notes']);
  });
});
