/**
 * The step keeps the dashboard on the data branch (dist/index.js under Node 24, against a bare repository): the
 * first run writes index.html and .nojekyll; a later run of the same version leaves the page's blob as it is; a page
 * of another version (or a broken one) is replaced; and a hand-edited data file never loses the page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { World, git, junitXml } from '../support/action.ts';
import { DASHBOARD_MARKER } from '../../src/dashboard/marker.generated.ts';
import { DASHBOARD_HTML } from '../../src/dashboard/page.generated.ts';
import { dashboardFiles, isCurrentPage } from '../../src/dashboard/branch-files.ts';

let world: World;
beforeEach(async () => {
  world = await World.create();
});
afterEach(async () => {
  await world.dispose();
});

const blob = (path: string) => git(world.remote, ['rev-parse', `flakeguard-data:${path}`]).then((s) => s.trim());

describe('the dashboard on the data branch', () => {
  it('is written by the first run and left untouched by the next runs of the same version', async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b', attempts: 'F', message: 'boom' }]));
    await world.writeReport('.github/CODEOWNERS', '* @octo/core\n');
    const first = await world.run();
    expect(first.outputs.outcome, first.stderr).toBe('failure');
    const files = await world.dataFiles();
    const marker = (html: string | undefined) => /<meta name="flakeguard-dashboard" content="([^"]*)">/.exec(html ?? '')?.[1];
    expect(marker(files.get('index.html'))).toBe(DASHBOARD_MARKER);
    expect(files.get('index.html') === DASHBOARD_HTML, 'the page of this build').toBe(true);
    expect(files.get('.nojekyll')).toBe('');
    // A copy of CODEOWNERS for the page's owners, where GitHub does not read it as the branch's own.
    expect(files.get('dashboard/CODEOWNERS')).toBe('* @octo/core\n');
    const page = await blob('index.html');

    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }, { name: 'b' }]));
    await world.commit('next');
    const second = await world.run();
    expect(second.outputs.outcome, second.stderr).toBe('success');
    expect((await world.dataCommits()).length).toBe(2);
    expect(await blob('index.html')).toBe(page);
    const changed = await git(world.remote, ['diff', '--name-only', 'flakeguard-data~1', 'flakeguard-data']);
    expect(changed.split('\n').filter(Boolean)).not.toContain('index.html');
  });

  it("replaces another version's page, and keeps the page when a person edits the branch", async () => {
    await world.writeReport('reports/unit.xml', junitXml([{ name: 'a' }]));
    await world.run();
    await world.editDataFile('index.html', () => '<!doctype html><meta name="flakeguard-dashboard" content="flakeguard 0.0.1 page 000000000000">old page\n');
    await world.commit('next');
    await world.run();
    expect((await world.dataFiles()).get('index.html') === DASHBOARD_HTML, 'the page of this build').toBe(true);
  });
});

describe('dashboardFiles', () => {
  it('keeps the branch text when its marker is current, and writes the page otherwise', async () => {
    const current = new Map([['index.html', `${DASHBOARD_HTML}<!-- a byte more -->`]]);
    expect((await dashboardFiles(current)).get('index.html')).toBe(current.get('index.html'));
    expect((await dashboardFiles(new Map([['index.html', 'hello']]))).get('index.html')).toBe(DASHBOARD_HTML);
    expect((await dashboardFiles(new Map())).get('.nojekyll')).toBe('');
    expect(isCurrentPage(undefined)).toBe(false);
    expect(isCurrentPage(DASHBOARD_HTML)).toBe(true);
  });
});
