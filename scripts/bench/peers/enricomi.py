# EnricoMi/publish-unit-test-result-action's parse path (Apache-2.0, Enrico Minack), from its repository's python/
# folder: parse_junit_xml_files (lxml) and process_junit_xml_elems (junitparser), as its parse_files() calls them
# for `junit_files` with the action's defaults (large_files false, ignore_runs false, no test file prefix, no suite
# logs). Prints the number of test cases.
#   python3 enricomi.py <its python/ folder> <junitparser's source folder> <report>
import sys

sys.path[0:0] = [sys.argv[1], sys.argv[2]]
from publish.junit import parse_junit_xml_files, process_junit_xml_elems  # noqa: E402

results = process_junit_xml_elems(parse_junit_xml_files([sys.argv[3]], False, False), time_factor=1.0, test_file_prefix=None, add_suite_details=False)
if results.errors:
    raise SystemExit(f'parse errors: {results.errors[0]}')
print(len(results.cases))
