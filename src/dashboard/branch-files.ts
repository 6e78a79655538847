/**
 * The dashboard's files on the data branch: `index.html` (the page, self-contained) and `.nojekyll` (GitHub Pages
 * serves the branch as it is, without a Jekyll build). The page is rewritten only when its marker — flakeguard's
 * version and a hash of the page — differs from the one on the branch: otherwise the branch's own text is kept, so
 * the write adds nothing to the commit and the heavy page module is never loaded (docs/dashboard.md).
 */
import { DASHBOARD_MARKER } from './marker.generated.ts';

export const PAGE_FILE = 'index.html';
export const NOJEKYLL_FILE = '.nojekyll';

/** True when `html` is the page this version writes. Reads only the head of the text. */
export function isCurrentPage(html: string | undefined): boolean {
  return html !== undefined && html.slice(0, 4096).includes(`<meta name="flakeguard-dashboard" content="${DASHBOARD_MARKER}">`);
}

/** The dashboard's files to keep on the branch, given the branch's current files. */
export async function dashboardFiles(current: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const existing = current.get(PAGE_FILE);
  const html = isCurrentPage(existing) ? existing! : (await import('./page.generated.ts')).DASHBOARD_HTML;
  return new Map([
    [PAGE_FILE, html],
    [NOJEKYLL_FILE, current.get(NOJEKYLL_FILE) ?? ''],
  ]);
}
