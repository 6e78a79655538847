/**
 * For the org build's tests: an organisation of data branches in real bare repositories, written by the project's
 * own writer (applyRun: the dashboard's hostile branch; the benchmark's generator), plus the repositories an org build
 * must name and leave out: one that cannot be reached, one with no data branch, one whose data branch is damaged.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSuite, generateBranch } from '../../scripts/bench/step.ts';
import { git } from './action.ts';
import { branchRepo, hostileBranchFiles } from './dashboard.ts';

export interface OrgFixture {
  /** The sources in --repos order: shop, project, unreachable, no branch, damaged. */
  sources: string[];
  /** `source`: the --repos entry that names it (`octo/shop=<path>`); `path`: its bare repository. */
  shop: { source: string; path: string; files: Map<string, string> };
  project: { source: string; path: string; files: Map<string, string> };
  unreachable: string;
  noBranch: string;
  damaged: string;
  dispose: () => Promise<void>;
}

/** A repository path whose name is HTML: it must reach the page and the output as text. */
export const HOSTILE_REPO_NAME = '<img src=x onerror=alert(7)>';

export async function orgFixture(end = Date.UTC(2026, 10, 21, 12)): Promise<OrgFixture> {
  const root = await mkdtemp(join(tmpdir(), 'flakeguard-org-'));
  const shopFiles = hostileBranchFiles(end);
  const shop = await branchRepo(shopFiles);
  const projectFiles = generateBranch(buildSuite(300), 40, end);
  const project = await branchRepo(projectFiles);
  // runs.json cut short: the step fails closed on this branch, so the org build leaves it out with the step's sentence.
  const broken = new Map(shopFiles);
  broken.set('runs.json', shopFiles.get('runs.json')!.slice(0, 200));
  const damaged = await branchRepo(broken);
  // A repository with commits but no flakeguard-data branch.
  const noBranch = join(root, 'no-branch.git');
  await git(root, ['init', '-q', '--bare', noBranch]);
  const other = await branchRepo(new Map([['flakeguard.json', '{}\n']]), 'main');
  await git(other.repo, ['push', '-q', noBranch, 'main']);
  await other.dispose();
  const unreachable = join(root, 'gone', `${HOSTILE_REPO_NAME}.git`);
  return {
    // Named as listed: a folder's name alone says no owner (every bare repository here is a `repo.git`).
    sources: [`octo/shop=${shop.repo}`, `octo/project=${project.repo}`, unreachable, noBranch, damaged.repo],
    shop: { source: `octo/shop=${shop.repo}`, path: shop.repo, files: shopFiles },
    project: { source: `octo/project=${project.repo}`, path: project.repo, files: projectFiles },
    unreachable,
    noBranch,
    damaged: damaged.repo,
    dispose: async () => {
      await Promise.all([shop.dispose(), project.dispose(), damaged.dispose()]);
      await rm(root, { recursive: true, force: true });
    },
  };
}
