/**
 * The pytest preset. Pure: one process, `python3 -c <fixed program> <tests as JSON> <report path>`, no shell.
 *
 * pytest's `--junitxml` writes `<testcase classname="tests.test_api.TestUpload" name="test_upload[json]">`, made
 * from the node id `tests/test_api.py::TestUpload::test_upload[json]` by `mangle_test_address`. Going back from
 * the classname to a node id is ambiguous (is `TestUpload` a module or a class?) and node ids given on the command
 * line are parsed by pytest (a parameter id holding `::` or `/` breaks them). So the preset does not build node
 * ids: a small fixed Python program runs `pytest.main` with a plugin that keeps exactly the collected items whose
 * classname and name, computed by pytest's own junitxml functions, are the ones asked for, and deselects the
 * rest. The test names reach it as JSON in one argument and are only ever compared as strings.
 * To keep collection small it passes the test files when it finds all of them: the test's file if it exists, else
 * the longest `a/b/c.py` that exists for a classname `a.b.c.D`; when one is not found it collects what pytest
 * collects by default (testpaths), which is slower but still exact.
 */
import type { RerunPreset } from '../contract.ts';
import { PYTEST_ARGS, screen } from './args.ts';

/**
 * The program run by `python3 -c`. argv[1]: JSON `[[classname, name, file], …]`; argv[2]: the report path; argv[3]
 * (optional): JSON of the original run's extra arguments, given to pytest before the files; argv[4] (optional): the
 * executions per selected test. The plugin repeats each kept item that many times in a row (pytest's junitxml then
 * writes one testcase per execution, with the test's own name); pytest-repeat's `--count` is not used: it renames
 * each execution (`test_x[1-3]`), which no longer answers for the test.
 */
export const PYTEST_PROGRAM = `
import json, os, sys
import pytest
try:
    from _pytest.junitxml import mangle_test_address, bin_xml_escape
except Exception:
    import re
    def mangle_test_address(address):
        path, bracket, params = address.partition("[")
        names = path.split("::")
        names[0] = re.sub(r"\\.py$", "", names[0].replace("/", "."))
        names[-1] += bracket + params
        return names
    def bin_xml_escape(arg):
        return re.sub("[^\\t\\n\\r\\x20-\\x7e\\x80-\\ud7ff\\ue000-\\ufffd\\U00010000-\\U0010ffff]", lambda m: "#x%02X" % ord(m.group()) if ord(m.group()) <= 0xFF else "#x%04X" % ord(m.group()), str(arg))

def norm(s):
    return s.replace("\\t", " ").replace("\\n", " ").replace("\\r", " ")

wanted_list = json.loads(sys.argv[1])
report = sys.argv[2]
extra = json.loads(sys.argv[3]) if len(sys.argv) > 3 else []
repeat = max(1, int(sys.argv[4])) if len(sys.argv) > 4 else 1
wanted = set((norm(c), norm(n)) for c, n, f in wanted_list)

def find_file(classname, file):
    if file and os.path.isfile(file):
        return file
    parts = classname.split(".")
    for k in range(len(parts), 0, -1):
        candidate = os.path.join(*parts[:k]) + ".py"
        if os.path.isfile(candidate):
            return candidate
    return None

files = []
for c, n, f in wanted_list:
    found = find_file(c, f)
    if found is None:
        files = []
        break
    found = found if not found.startswith("-") else os.path.join(".", found)
    if found not in files:
        files.append(found)

class FlakeguardSelect:
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session, config, items):
        prefix = getattr(config.option, "junitprefix", None)
        keep, drop = [], []
        for item in items:
            names = mangle_test_address(item.nodeid)
            classnames = names[:-1]
            if prefix:
                classnames.insert(0, prefix)
            key = (norm(".".join(classnames)), norm(bin_xml_escape(names[-1])))
            (keep if key in wanted else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
        items[:] = [item for item in keep for _ in range(repeat)]

sys.exit(pytest.main(extra + files + ["--junitxml=" + report], plugins=[FlakeguardSelect()]))
`;

export const pytest: RerunPreset = {
  name: 'pytest',
  // Plain pytest has no retries; see docs/rerun-presets.md for pytest-rerunfailures.
  recordsRetries: false,
  // pytest keeps the collection order when it deselects the rest.
  keepsOrder: true,
  // The program's plugin runs each selected item options.repeat times in a row.
  repeats: true,
  screenArgs: (args) => screen(args, PYTEST_ARGS),
  commands(tests, reportPath, _round, options) {
    const json = JSON.stringify(tests.map((t) => [t.classname, t.name, t.file ?? '']));
    const args = options?.args ?? [];
    const repeat = Math.max(1, Math.floor(options?.repeat ?? 1));
    const tail = repeat > 1 ? [JSON.stringify(args), String(repeat)] : args.length > 0 ? [JSON.stringify(args)] : [];
    return [{ argv: ['python3', '-c', PYTEST_PROGRAM, json, reportPath, ...tail] }];
  },
};
