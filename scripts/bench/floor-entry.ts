/**
 * The whole-process parse floor (issue #16): a fresh process that reads and parses a folder of JUnit reports with
 * flakeguard's own parser and exits. Bundled by scripts/bench/step.ts (esbuild, like dist/), so that it loads as the
 * action's bundle does. Whatever a step does beyond this is the step's own cost.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseReportFiles } from '../../src/junit/index.ts';

const dir = process.argv[2]!;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.xml'))
  .map((f) => join(dir, f))
  .sort();
const parsed = await parseReportFiles(files, { workspace: dir });
if (parsed.problems.length > 0) throw new Error(`parse problems: ${parsed.problems[0]!.message}`);
console.log(parsed.tests.length);
