/**
 * Builds the dashboard page (src/dashboard/page/) into one self-contained HTML file — script and styles inline,
 * uPlot bundled, a Content-Security-Policy that allows exactly those two inline blocks (by hash) and fetches from the
 * page's own origin — and writes it as a TypeScript module, src/dashboard/page.generated.ts, that the action
 * bundle (scripts/build.ts) carries into dist/. Deterministic: the same sources give the same bytes, so `.ci/run` can rebuild
 * dist/ and compare. Run by `npm run build` before the bundle; docs/dashboard.md says why it is a generated module.
 * The org dashboard (src/dashboard/page/org.ts, docs/org.md) is built the same way, with the same CSP rules, into
 * src/dashboard/org-page.generated.ts: only the CLI's `org` command imports it, so the action's bundle does not carry it.
 *
 *   node scripts/build-dashboard.ts [--check]   --check: fail when the committed module differs from a rebuild
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGE = join(ROOT, 'src/dashboard/page');
const OUT = join(ROOT, 'src/dashboard/page.generated.ts');
const MARKER_OUT = join(ROOT, 'src/dashboard/marker.generated.ts');
const ORG_OUT = join(ROOT, 'src/dashboard/org-page.generated.ts');

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64');

/** The page's script (an entry of src/dashboard/page/ bundled) and styles, and the CSP that allows exactly those two. */
async function pageParts(entry: string): Promise<{ js: string; css: string; csp: string; content: string }> {
  const result = await build({
    entryPoints: [join(PAGE, entry)],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    // src/owners/codeowners.ts reads CODEOWNERS from disk in the step (findCodeowners); the page only parses text.
    plugins: [
      {
        name: 'no-node-builtins',
        setup(b) {
          b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: 'node-stub' }));
          b.onLoad({ filter: /.*/, namespace: 'node-stub' }, () => ({
            contents: 'const unavailable = () => { throw new Error("not in the browser"); }; export const readFile = unavailable, stat = unavailable, join = unavailable;',
            loader: 'js',
          }));
        },
      },
    ],
  });
  const js = result.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(js) || /<!--/.test(js)) throw new Error('the page script contains "</script" or "<!--": it cannot be inlined');
  const css = [readFileSync(join(ROOT, 'node_modules/uplot/dist/uPlot.min.css'), 'utf8').trim(), readFileSync(join(PAGE, 'style.css'), 'utf8').trim()].join('\n');
  if (/<\/style/i.test(css)) throw new Error('the page styles contain "</style"');
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256(js)}'`,
    `style-src 'sha256-${sha256(css)}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return { js, css, csp, content: createHash('sha256').update(js).update(css).digest('hex').slice(0, 12) };
}

const VERSION = (): string => (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export async function buildDashboardHtml(): Promise<{ html: string; marker: string }> {
  const { js, css, csp, content } = await pageParts('main.ts');
  const marker = `flakeguard ${VERSION()} page ${content}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="flakeguard-dashboard" content="${marker}">
<title>flakeguard dashboard</title>
<style>${css}</style>
</head>
<body>
<header><h1>flakeguard</h1><nav><a href="#/">Suite over time</a><a href="#/tests">Flakiest tests</a><a href="#/clusters">Failing together</a><a href="#/quarantine">Quarantine backlog</a></nav></header>
<div id="status">Reading the data branch…</div>
<main id="main"></main>
<script>${js}</script>
</body>
</html>
`;
  return { html, marker };
}

/** Where `flakeguard org` writes the org's model (a JSON data block: never executed, so the CSP needs no entry for it). */
export const ORG_DATA_PLACEHOLDER = '__FLAKEGUARD_ORG_DATA__';

/** The org dashboard (src/dashboard/page/org.ts): the same styles and CSP rules, the org's model in a data block. */
export async function buildOrgHtml(): Promise<string> {
  const { js, css, csp, content } = await pageParts('org.ts');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="flakeguard-org-dashboard" content="flakeguard ${VERSION()} org page ${content}">
<title>flakeguard: the organisation</title>
<style>${css}</style>
</head>
<body>
<header><h1>flakeguard · organisation</h1><nav><a href="#/">Repositories</a><a href="#/tests">Flakiest tests</a></nav></header>
<div id="status"></div>
<main id="main"></main>
<script type="application/json" id="org-data">${ORG_DATA_PLACEHOLDER}</script>
<script>${js}</script>
</body>
</html>
`;
}

const HEADER = '// Generated by scripts/build-dashboard.ts from src/dashboard/page/ (npm run build). Do not edit.\n';

export function generatedModules(html: string, marker: string, org: string): { page: string; marker: string; org: string } {
  return {
    page: `${HEADER}/* eslint-disable */\nexport const DASHBOARD_HTML: string = ${JSON.stringify(html)};\n`,
    org: `${HEADER}/* eslint-disable */\n/** The org page; \`flakeguard org\` replaces ORG_DATA_PLACEHOLDER with the org's model (src/org/build.ts). */\nexport const ORG_DATA_PLACEHOLDER = ${JSON.stringify(ORG_DATA_PLACEHOLDER)};\nexport const ORG_PAGE_HTML: string = ${JSON.stringify(org)};\n`,
    marker: `${HEADER}/** Written into the page's <meta name="flakeguard-dashboard">: the step rewrites index.html only when it differs. */\nexport const DASHBOARD_MARKER = ${JSON.stringify(marker)};\n`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { html, marker } = await buildDashboardHtml();
  const modules = generatedModules(html, marker, await buildOrgHtml());
  if (process.argv.includes('--check')) {
    const read = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');
    const same = read(OUT) === modules.page && read(MARKER_OUT) === modules.marker && read(ORG_OUT) === modules.org;
    if (!same) {
      console.error('src/dashboard/*.generated.ts differ from a rebuild: run npm run build and commit them.');
      process.exit(1);
    }
  } else {
    writeFileSync(OUT, modules.page);
    writeFileSync(MARKER_OUT, modules.marker);
    writeFileSync(ORG_OUT, modules.org);
    console.error(`dashboard: ${(html.length / 1024).toFixed(0)} KiB, ${marker}`);
  }
}
