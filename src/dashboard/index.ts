/**
 * The dashboard (docs/dashboard.md): a static page on the data branch that reads the branch's own files.
 * - files.ts, page-model.ts and the view models (suite-summary.ts, test-query.ts, test-detail.ts, backlog.ts, with
 *   links.ts, test-runs.ts, wording.ts): pure core (readers of the branch's files, data and view models);
 * - page/: the page's DOM code, bundled at build time into page.generated.ts (scripts/build-dashboard.ts);
 * - branch-files.ts: what the step keeps on the branch (index.html, .nojekyll);
 * - serve.ts: the local server adapter (`npm run dashboard`, and later `flakeguard dashboard`).
 */
export { dashboardFiles, isCurrentPage, PAGE_FILE, NOJEKYLL_FILE } from './branch-files.ts';
export { serveDashboard, readCommitFiles, resolveBranch, DEFAULT_BRANCH, type DashboardServer, type ServeOptions } from './serve.ts';
