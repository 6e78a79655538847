/**
 * The whole-process parse floor (issue #16): a fresh process that reads and parses a folder of JUnit reports with
 * flakeguard's own parser and exits. Bundled by scripts/bench/step.ts (esbuild, like dist/), so that it loads as the
 * action's bundle does. Whatever a step does beyond this is the step's own cost.
 *
 *   node <bundle> <dir>               parseReportFiles on the folder's .xml files (the floor); prints the tests
 *   node <bundle> <dir> --raw         each report read and given JUnit meaning (stream.ts + junit.ts), not merged
 *   node <bundle> <dir> --tokenize    each report only tokenized (xml.ts, 1 MiB windows), a handler that counts
 *                                     `<testcase>` elements and keeps nothing (constructs shorter than a window)
 *   node <bundle> <dir> --worker      the floor in a worker thread whose young generation is capped as the
 *                                     action's is (src/action/main.ts, 16 MiB)
 *
 * The last two take the floor apart (docs/benchmarks.md, "The parser against the peers"): the same bundle, so the
 * same start and module loading; each prints the number of test cases it saw.
 */
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseReportFile, parseReportFiles } from '../../src/junit/index.ts';
import { Tokenizer } from '../../src/junit/xml.ts';

const [dir, mode] = isMainThread ? [process.argv[2]!, process.argv[3]] : [workerData as string, undefined];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.xml'))
  .map((f) => join(dir, f))
  .sort();
if (mode === '--worker') {
  const worker = new Worker(new URL(import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 16 }, workerData: dir });
  worker.on('message', (tests: number) => console.log(tests));
} else if (mode === '--tokenize') {
  let cases = 0;
  for (const file of files) {
    const tokenizer = new Tokenizer({ open: (name) => void (name === 'testcase' && cases++), close() {}, text() {}, cdata() {} }, () => 0);
    const fd = openSync(file, 'r');
    const buf = Buffer.allocUnsafe(1 << 20);
    let keep = 0;
    let base = 0;
    for (;;) {
      const got = readSync(fd, buf, keep, buf.length - keep, null);
      const used = tokenizer.feed(buf.subarray(0, keep + got), base, got === 0);
      if (got === 0) break;
      buf.copy(buf, 0, used, keep + got);
      keep = keep + got - used;
      base += used;
    }
    closeSync(fd);
  }
  console.log(cases);
} else if (mode === '--raw') {
  let cases = 0;
  for (const file of files) {
    const r = await parseReportFile(file, file, { workspace: dir });
    if (typeof r === 'string' || r.problems.length > 0) throw new Error(`parse problems in ${file}`);
    cases += r.cases.length;
  }
  console.log(cases);
} else {
  const parsed = await parseReportFiles(files, { workspace: dir });
  if (parsed.problems.length > 0) throw new Error(`parse problems: ${parsed.problems[0]!.message}`);
  if (isMainThread) console.log(parsed.tests.length);
  else parentPort!.postMessage(parsed.tests.length);
}
