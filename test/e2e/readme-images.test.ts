/**
 * The README's pictures (docs/images/, made by `npm run readme-images` from the demo in headless Chromium) are the
 * demo as it renders now: the check renders the dashboard and the pull-request comment again and compares what it
 * rendered with the hashes recorded beside the pictures. A stale picture fails with the command that makes it again.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE24, PROJECT_ROOT } from '../support/action.ts';

function check(sidecar?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['scripts/readme-images.ts', '--check', ...(sidecar ? ['--sidecar', sidecar] : [])];
  return new Promise((res) => {
    execFile(NODE24, args, { cwd: PROJECT_ROOT, maxBuffer: 16 << 20 }, (error, stdout, stderr) => res({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

const SIDECAR = join(PROJECT_ROOT, 'docs/images/readme-images.json');

describe("the README's pictures", () => {
  it('come first in the README, each with what it shows', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    const top = readme.slice(0, readme.indexOf('\n## '));
    expect(top).toMatch(/!\[[^\]]+\]\(docs\/images\/dashboard\.png\)/);
    expect(top).toMatch(/!\[[^\]]+\]\(docs\/images\/pr-comment\.png\)/);
  });

  it('are what the demo renders now; a stale one fails naming the command that makes it again', async () => {
    const current = await check();
    expect(current.code, `${current.stdout}\n${current.stderr}`).toBe(0);
    expect(current.stdout).toContain('docs/images: dashboard.png, pr-comment.png are current.');

    // The same check against a record of another rendering of the comment.
    const dir = mkdtempSync(join(tmpdir(), 'flakeguard-images-'));
    try {
      const sidecar = JSON.parse(readFileSync(SIDECAR, 'utf8')) as { images: Record<string, { rendered: string }> };
      sidecar.images['pr-comment.png']!.rendered = '0'.repeat(64);
      writeFileSync(join(dir, 'stale.json'), JSON.stringify(sidecar));
      const stale = await check(join(dir, 'stale.json'));
      expect(stale.code).toBe(1);
      expect(stale.stderr).toBe(
        "docs/images/pr-comment.png is stale: the pull-request comment of the demo's last run (run 5, on pull request #1) renders differently now; run `npm run readme-images` and commit docs/images/.\n",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
