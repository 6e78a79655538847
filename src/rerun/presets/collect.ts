/**
 * For runners that write one JUnit file per class or per project into a folder of their own (Surefire, Gradle,
 * `dotnet test`, nextest): a fixed node program, run as two steps of a round around the runner's process:
 *
 *   mark  <report>              before the runner: writes `<report>.since`, whose mtime is when the round began;
 *   merge <report> <dir>…       after it: merges every `*.xml` file of the folders that is not older than that
 *                               mark into ONE report at <report>; writes nothing (exit 1, with the reason) when
 *                               none is, so a round that produced nothing has no report and its evidence is void.
 *
 * A folder given as `**` + `/rel` means every folder `rel` below the working directory (depth ≤ 8, skipping dot folders and
 * node_modules): the modules of a multi-module build. Files older than the mark are reports of an earlier run,
 * never evidence of this one. Runs under the action's own node (`process.execPath`), which is always there.
 * Pure here: this module only builds argv.
 */
import type { RerunCommand } from '../contract.ts';

export const COLLECT_PROGRAM = `
const fs = require('node:fs');
const path = require('node:path');
const [mode, report, ...dirs] = process.argv.slice(1);
const mark = report + '.since';
if (mode === 'mark') {
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(mark, '');
  process.exit(0);
}
const since = fs.statSync(mark).mtimeMs;
function below(root, rel, depth, out) {
  const candidate = path.join(root, rel);
  try { if (fs.statSync(candidate).isDirectory()) out.push(candidate); } catch {}
  if (depth >= 8) return;
  let entries = [];
  try { entries = fs.readdirSync(root, { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith('.') || e.name === 'node_modules') continue;
    below(path.join(root, e.name), rel, depth + 1, out);
  }
}
const folders = [];
for (const d of dirs) {
  if (d.startsWith('**/')) below('.', d.slice(3), 0, folders);
  else folders.push(d);
}
const files = [];
for (const folder of [...new Set(folders.map((f) => path.resolve(f)))]) {
  let names = [];
  try { names = fs.readdirSync(folder); } catch { continue; }
  for (const name of names.sort()) {
    if (!name.endsWith('.xml')) continue;
    const file = path.join(folder, name);
    const st = fs.statSync(file);
    if (st.isFile() && st.mtimeMs >= since && path.resolve(file) !== path.resolve(report)) files.push(file);
  }
}
if (files.length === 0) {
  console.error('flakeguard: no JUnit report written by this round in ' + dirs.join(', '));
  process.exit(1);
}
const parts = [];
for (const file of files) {
  let xml = fs.readFileSync(file, 'utf8').replace(/^\\uFEFF/, '');
  xml = xml.replace(/^\\s*<\\?xml[^?]*\\?>/, '').trim();
  const open = /^(?:<!--[\\s\\S]*?-->\\s*)*<testsuites\\b[^>]*?(\\/?)>/.exec(xml);
  if (open) {
    if (open[1] === '/') continue;
    const end = xml.lastIndexOf('</testsuites>');
    xml = xml.slice(open[0].length, end < 0 ? xml.length : end);
  }
  parts.push(xml);
}
fs.writeFileSync(report, '<?xml version="1.0" encoding="UTF-8"?>\\n<testsuites>\\n' + parts.join('\\n') + '\\n</testsuites>\\n');
console.log('flakeguard: merged ' + files.length + ' JUnit file(s) into ' + report);
`;

/** The step before the runner: marks when the round began. */
export function markCommand(reportPath: string): RerunCommand {
  return { argv: [process.execPath, '-e', COLLECT_PROGRAM, 'mark', reportPath] };
}

/** The step after the runner: merges the folders' fresh `*.xml` files into the report. */
export function mergeCommand(reportPath: string, dirs: readonly string[]): RerunCommand {
  return { argv: [process.execPath, '-e', COLLECT_PROGRAM, 'merge', reportPath, ...dirs] };
}
