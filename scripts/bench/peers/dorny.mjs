/* global process, console */
// dorny/test-reporter's parse path, run from its own committed bundle (dist/index.js; MIT, Michal Dorner), as its
// action does for `reporter: java-junit` on a local report: LocalFileProvider reads the files (fast-glob, UTF-8
// strings), JavaJunitParser parses each (xml2js). scripts/bench/peers.ts writes the bundle with its last line
// (`main();`) replaced by an export of these two classes. Prints the number of test cases parsed.
//   node dorny.mjs <patched bundle> <report>
import { pathToFileURL } from 'node:url';

const [bundle, report] = process.argv.slice(2);
const { JavaJunitParser, LocalFileProvider } = await import(pathToFileURL(bundle).href);
const input = await new LocalFileProvider('bench', [report]).load();
// As main.ts builds the options: `max-annotations` defaults to 10, so parse errors are on; the tracked files come
// from `git ls-files` in a checkout (none here: the report's folder is not a repository).
const parser = new JavaJunitParser({ workDir: process.cwd() + '/', trackedFiles: [], parseErrors: true });
let cases = 0;
for (const file of input.bench) {
  const result = await parser.parse(file.file, file.content);
  for (const suite of result.suites) for (const group of suite.groups) cases += group.tests.length;
}
console.log(cases);
