/* global process, console */
// mikepenz/action-junit-report's parse path, run from its own committed bundle (dist/index.js; Apache-2.0, Mike
// Penz): parseTestReports, with the inputs of its action.yml's defaults, as its main.ts calls it for one report path.
// scripts/bench/peers.ts writes the bundle with its last call (`run();`) replaced by an export of parseTestReports.
// Prints the number of test cases counted.
//   node mikepenz.mjs <patched bundle> <report>
import { pathToFileURL } from 'node:url';

const [bundle, report] = process.argv.slice(2);
const { parseTestReports } = await import(pathToFileURL(bundle).href);
const result = await parseTestReports(
  'JUnit Test Report', // check_name
  '', // summary
  report, // report_paths
  '', // suite_regex
  false, // include_passed
  false, // annotate_notice
  false, // check_retries
  ['/build/', '/__pycache__/'], // exclude_sources (main.ts's default)
  undefined, // check_title_template
  '/', // bread_crumb_delimiter
  '', // test_files_prefix
  [], // transformers
  false, // follow_symlink
  -1, // annotations_limit
  true, // truncate_stack_traces
  false, // fail_on_parse_error
  false, // resolve_ignore_classname
);
console.log(result.totalCount);
