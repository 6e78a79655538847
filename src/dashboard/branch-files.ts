/**
 * The dashboard's files on the data branch: `index.html` (the page, self-contained), `.nojekyll` (GitHub Pages
 * serves the branch as it is, without a Jekyll build), and, when the workspace has them, verbatim copies of the
 * repository's CODEOWNERS (`dashboard/CODEOWNERS`) and of the `codeowners-map` input (`dashboard/codeowners-map`), so
 * that the page can show each test's owners (docs/dashboard.md). The page is rewritten only when its marker —
 * flakeguard's version and a hash of the page — differs from the one on the branch: otherwise the branch's own text is
 * kept, so the write adds nothing to the commit and the heavy page module is never loaded.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CODEOWNERS_LOCATIONS, CODEOWNERS_MAX_BYTES } from '../owners/codeowners.ts';
import { CLASS_MAP_FILE, NOJEKYLL_FILE, OWNERS_FILE, PAGE_FILE } from '../store/owned.ts';
import { DASHBOARD_MARKER } from './marker.generated.ts';

// Their paths are among those flakeguard owns on the data branch (src/store/owned.ts): the only ones it writes.
export { CLASS_MAP_FILE, NOJEKYLL_FILE, OWNERS_FILE, PAGE_FILE };

/** True when `html` is the page this version writes. Reads only the head of the text. */
export function isCurrentPage(html: string | undefined): boolean {
  return html !== undefined && html.slice(0, 4096).includes(`<meta name="flakeguard-dashboard" content="${DASHBOARD_MARKER}">`);
}

export interface OwnerSources {
  /** The checked-out repository, where CODEOWNERS is looked for as GitHub does. */
  workspace?: string;
  /** The `codeowners-map` input's text. */
  classMap?: string;
}

/** The text of the CODEOWNERS file GitHub would use, or undefined (none, or 3 MB and more, which GitHub ignores). */
export async function readCodeownersText(workspace: string): Promise<string | undefined> {
  for (const location of CODEOWNERS_LOCATIONS) {
    const info = await stat(join(workspace, location)).catch(() => undefined);
    if (!info?.isFile()) continue;
    return info.size < CODEOWNERS_MAX_BYTES ? readFile(join(workspace, location), 'utf8') : undefined;
  }
  return undefined;
}

/**
 * The dashboard's files to keep on the branch, given the branch's current files. A copy of CODEOWNERS found in the
 * workspace replaces the branch's; when the workspace has none (a job without a checkout), the branch's is kept.
 */
export async function dashboardFiles(current: ReadonlyMap<string, string>, owners: OwnerSources = {}): Promise<Map<string, string>> {
  const existing = current.get(PAGE_FILE);
  const html = isCurrentPage(existing) ? existing! : (await import('./page.generated.ts')).DASHBOARD_HTML;
  const files = new Map([
    [PAGE_FILE, html],
    [NOJEKYLL_FILE, current.get(NOJEKYLL_FILE) ?? ''],
  ]);
  const codeowners = (owners.workspace ? await readCodeownersText(owners.workspace) : undefined) ?? current.get(OWNERS_FILE);
  if (codeowners !== undefined) files.set(OWNERS_FILE, codeowners);
  const classMap = owners.classMap?.trim() ? owners.classMap : current.get(CLASS_MAP_FILE);
  if (classMap !== undefined) files.set(CLASS_MAP_FILE, classMap);
  return files;
}
