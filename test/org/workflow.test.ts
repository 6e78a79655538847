/**
 * The nightly org workflow users copy (examples/workflows/flakeguard-org.yml, shown whole in docs/org.md): GitHub's own
 * parser accepts it, the page goes out through GitHub Pages' official actions and the tables through the cloud
 * providers' official actions, and docs/org.md shows the file byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../support/action.ts';

const FILE = 'examples/workflows/flakeguard-org.yml';
const text = readFileSync(join(PROJECT_ROOT, FILE), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
const workflow = parse(text) as { on: Record<string, unknown>; jobs: Record<string, { needs?: string; if?: string; permissions?: Record<string, string>; steps: Step[] }> };
const uses = (job: string): string[] => workflow.jobs[job]!.steps.flatMap((s) => (s.uses ? [s.uses.replace(/@.*$/, '')] : []));

describe('the nightly org workflow', () => {
  it('is accepted by GitHub’s own parser', () => {
    const errors = parseWorkflow({ name: FILE, content: text }, new NoOperationTraceWriter()).context.errors.getErrors();
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('runs nightly, builds with flakeguard org, and publishes the page with GitHub Pages', () => {
    expect(workflow.on).toHaveProperty('schedule');
    const build = workflow.jobs.build!;
    expect(build.steps.some((s) => /flakeguard[^\n]* org \\\n\s+--repos "\$REPOS" --out site/.test(s.run ?? ''))).toBe(true);
    expect(uses('build')).toContain('actions/upload-pages-artifact');
    expect(build.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))!.with).toEqual({ path: 'site' });
    expect(uses('pages')).toEqual(['actions/deploy-pages']);
    expect(workflow.jobs.pages!.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  });

  it('uploads the Parquet tables to a bucket with the providers’ official actions, each only when configured', () => {
    expect(uses('gcs')).toEqual(expect.arrayContaining(['google-github-actions/auth', 'google-github-actions/upload-cloud-storage']));
    expect(uses('s3')).toContain('aws-actions/configure-aws-credentials');
    for (const job of ['gcs', 's3']) {
      expect(workflow.jobs[job]!.if).toMatch(/^vars\.FLAKEGUARD_\w+_BUCKET != ''$/);
      expect(workflow.jobs[job]!.permissions?.['id-token']).toBe('write');
    }
    const upload = workflow.jobs.gcs!.steps.find((s) => s.uses?.startsWith('google-github-actions/upload-cloud-storage'))!;
    expect(upload.with).toMatchObject({ path: 'tables', parent: false, gzip: false });
  });

  it('is shown whole in docs/org.md', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs/org.md'), 'utf8');
    const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(blocks).toContain(text);
  });
});
