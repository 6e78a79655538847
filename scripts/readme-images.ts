/**
 * `npm run readme-images`: the README's pictures, made from the demo. It runs `npm run demo` on a fixed clock with
 * its last run on a pull request (`scripts/demo.ts --at … --pull-request`), opens the demo's data branch in the
 * dashboard (served by `flakeguard dashboard`'s own server) and the pull-request comment the step wrote (its markdown
 * rendered as GitHub renders a comment's subset: headings, lists, emphasis, code, links, tables), in headless
 * Chromium, and writes `docs/images/dashboard.png` and `docs/images/pr-comment.png`.
 *
 * Beside them, `docs/images/readme-images.json` records, for each picture, the SHA-256 of what was rendered (the
 * dashboard's page as painted, the comment's HTML document) and of the PNG. `--check` renders again and compares
 * without writing: a picture whose source changed (the page, the comment, the demo) is stale, and the check says
 * which and the command that makes it again (test/e2e/readme-images.test.ts runs it). Why the rendered source and not
 * the pixels: docs/adr/0450-readme-tested-from-the-readme.md.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NODE24, PROJECT_ROOT } from '../test/support/action.ts';
import { launchBrowser } from '../test/support/dashboard.ts';
import { serveDashboard } from '../src/dashboard/index.ts';

const COMMAND = 'npm run readme-images';
/** The demo's clock: its last run, so that the pictures do not move with the day they are made. */
const DEMO_AT = '2026-11-20T09:00:00Z';
const { values: args } = parseArgs({ options: { check: { type: 'boolean', default: false }, sidecar: { type: 'string' } } });
const IMAGES = join(PROJECT_ROOT, 'docs/images');
const SIDECAR = args.sidecar ?? join(IMAGES, 'readme-images.json');

interface Entry {
  /** What the picture shows. */
  of: string;
  /** SHA-256 of what was rendered (the source of the picture). */
  rendered: string;
  /** SHA-256 of the PNG file. */
  png: string;
}
interface Sidecar {
  command: string;
  demo: string;
  images: Record<string, Entry>;
}

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/* ---------- the comment's markdown, as GitHub renders the subset the step writes ---------- */

const ALLOWED_TAGS = /^<\/?(sub|sup|details|summary|br|b|i|em|strong|code|kbd|p)\s*\/?>/;

/** Inline markdown: code spans, links, bold, italics; entities and the allowed tags kept, other `<` escaped. */
function inline(text: string): string {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    const code = /^`([^`]+)`/.exec(rest);
    if (code) {
      parts.push(`<code>${code[1]!.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</code>`);
      rest = rest.slice(code[0].length);
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link) {
      parts.push(`<a href="${link[2]!.replace(/"/g, '&quot;')}">${inline(link[1]!)}</a>`);
      rest = rest.slice(link[0].length);
      continue;
    }
    const bold = /^\*\*(.+?)\*\*/.exec(rest);
    if (bold) {
      parts.push(`<strong>${inline(bold[1]!)}</strong>`);
      rest = rest.slice(bold[0].length);
      continue;
    }
    const tag = ALLOWED_TAGS.exec(rest);
    if (tag) {
      parts.push(tag[0]);
      rest = rest.slice(tag[0].length);
      continue;
    }
    const entity = /^&(#\d+|#x[0-9a-f]+|[a-z]+);/i.exec(rest);
    if (entity) {
      parts.push(entity[0]);
      rest = rest.slice(entity[0].length);
      continue;
    }
    const c = rest[0]!;
    parts.push(c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c);
    rest = rest.slice(1);
  }
  return parts.join('');
}

const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Block markdown: headings, paragraphs, `-` lists, pipe tables, fenced code, rules; HTML comments dropped. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      out.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
      i++;
      continue;
    }
    if (/^(---|\*\*\*)\s*$/.test(line)) {
      out.push('<hr>');
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
      i++;
      out.push(`<pre><code>${body.join('\n')}</code></pre>`);
      continue;
    }
    if (/^[-*] /.test(line)) {
      const items: string[] = [];
      for (; i < lines.length && /^[-*] /.test(lines[i]!); i++) items.push(`<li>${inline(lines[i]!.slice(2))}</li>`);
      out.push(`<ul>${items.join('')}</ul>`);
      continue;
    }
    if (line.startsWith('|') && /^\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
      out.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
      );
      continue;
    }
    if (/^<\/?(details|summary)/.test(line.trim())) {
      out.push(inline(line.trim()));
      i++;
      continue;
    }
    const para: string[] = [];
    for (; i < lines.length && lines[i]!.trim() !== '' && !/^(#{1,6} |[-*] |\||```|<\/?(details|summary))/.test(lines[i]!); i++) para.push(inline(lines[i]!));
    out.push(`<p>${para.join('\n')}</p>`);
  }
  return out.join('\n');
}

/** The comment as GitHub shows it in a pull request's conversation: the bot's name above a bordered box. */
function commentDocument(markdown: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
body { margin: 0; padding: 24px; background: #fff; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
.comment { width: 860px; border: 1px solid #d1d9e0; border-radius: 6px; }
.head { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; border-radius: 6px 6px 0 0; color: #59636e; }
.head b { color: #1f2328; }
.bot { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; margin-left: 4px; }
.body { padding: 16px; }
h2 { font-size: 1.5em; border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; margin: 0 0 16px; }
h3 { font-size: 1.25em; margin: 24px 0 16px; } h4 { font-size: 1em; margin: 24px 0 16px; }
p, ul, table { margin: 0 0 16px; } ul { padding-left: 2em; } li + li { margin-top: .25em; }
code { font: 85% ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #eff1f3; padding: .2em .4em; border-radius: 6px; }
a { color: #0969da; text-decoration: none; } sub { color: #59636e; }
table { border-collapse: collapse; } th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
</style></head><body><div class="comment" id="comment">
<div class="head"><b>github-actions</b><span class="bot">bot</span> commented</div>
<div class="body">${markdownToHtml(markdown)}</div>
</div></body></html>
`;
}

/* ---------- rendering ---------- */

function runDemo(): Promise<{ world: string; comment: string }> {
  return new Promise((resolve, reject) => {
    execFile(NODE24, ['scripts/demo.ts', '--at', DEMO_AT, '--pull-request'], { cwd: PROJECT_ROOT, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`the demo failed: ${stderr || error.message}`));
      const world = /The demo's world is in (\S+):/.exec(stdout)?.[1];
      const comment = /the comment flakeguard keeps there is in (\S+)\.$/m.exec(stdout)?.[1];
      if (!world || !comment) return reject(new Error(`the demo did not say where its world and comment are:\n${stdout}`));
      resolve({ world, comment });
    });
  });
}

async function render(): Promise<Map<string, { of: string; rendered: string; png: Uint8Array }>> {
  const { world, comment } = await runDemo();
  const shots = new Map<string, { of: string; rendered: string; png: Uint8Array }>();
  const browser = await launchBrowser();
  const server = await serveDashboard({ repo: join(world, 'remote.git') });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForSelector('body[data-painted="1"], body[data-ready="error"]', { timeout: 60_000 });
    if ((await page.$eval('body', (b) => b.dataset.ready)) !== '1') throw new Error('the dashboard did not load the demo branch');
    // What was painted: the page's text and structure (the charts' canvases are drawn from the same numbers).
    const painted = await page.$eval('body', (b) => b.innerText);
    shots.set('dashboard.png', {
      of: `the dashboard of the demo's data branch (${DEMO_AT}, after its five runs)`,
      rendered: sha256(painted),
      png: await page.screenshot({ type: 'png' }),
    });

    // A page of its own: the dashboard's content security policy would refuse the comment's styles.
    const doc = commentDocument(readFileSync(comment, 'utf8'));
    const commentPage = await browser.newPage();
    await commentPage.setViewport({ width: 920, height: 600, deviceScaleFactor: 1 });
    await commentPage.setContent(doc, { waitUntil: 'load' });
    const box = (await commentPage.$('#comment'))!;
    shots.set('pr-comment.png', { of: "the pull-request comment of the demo's last run (run 5, on pull request #1)", rendered: sha256(doc), png: await box.screenshot({ type: 'png' }) });
  } finally {
    await server.close();
    await browser.close();
    await rm(world, { recursive: true, force: true });
  }
  return shots;
}

const shots = await render();
if (args.check) {
  const sidecar: Sidecar | undefined = existsSync(SIDECAR) ? (JSON.parse(readFileSync(SIDECAR, 'utf8')) as Sidecar) : undefined;
  const problems: string[] = [];
  for (const [name, shot] of shots) {
    const entry = sidecar?.images[name];
    const path = join(IMAGES, name);
    if (!entry || !existsSync(path)) problems.push(`docs/images/${name} is missing: run \`${COMMAND}\` and commit docs/images/.`);
    else if (entry.rendered !== shot.rendered) problems.push(`docs/images/${name} is stale: ${entry.of} renders differently now; run \`${COMMAND}\` and commit docs/images/.`);
    else if (entry.png !== sha256(readFileSync(path))) problems.push(`docs/images/${name} is not the picture ${COMMAND} made (its PNG changed since); run \`${COMMAND}\` and commit docs/images/.`);
  }
  for (const p of problems) console.error(p);
  if (problems.length === 0) console.log(`docs/images: ${[...shots.keys()].join(', ')} are current.`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} else {
  mkdirSync(IMAGES, { recursive: true });
  const sidecar: Sidecar = { command: COMMAND, demo: `node scripts/demo.ts --at ${DEMO_AT} --pull-request`, images: {} };
  for (const [name, shot] of shots) {
    writeFileSync(join(IMAGES, name), shot.png);
    sidecar.images[name] = { of: shot.of, rendered: shot.rendered, png: sha256(shot.png) };
    console.log(`docs/images/${name}: ${shot.png.byteLength} bytes, ${shot.of}`);
  }
  writeFileSync(SIDECAR, `${JSON.stringify(sidecar, null, 2)}\n`);
}
