/**
 * The go test preset, through gotestsum (`gotestsum --junitfile`), which writes
 * `<testcase classname="<package import path>" name="TestX/sub_test">`. Pure.
 *
 * `go test -run` takes one regular expression per `/`-separated level, and alternatives separated by a top-level
 * `|` (go 1.19 and later split both outside brackets and parentheses, and skip the character after a backslash).
 * Each level of a test's name becomes `^<regexp.QuoteMeta(level)>$`, so `TestX/a_[b]+` is `^TestX$/^a_\[b\]\+$`.
 * go itself splits a subtest's name on `/` for matching and has already rewritten spaces to `_`, so the levels of
 * the JUnit name are the levels go matches. A test that is the parent of another selected test is left out of the
 * pattern: the parent runs (and is reported) whenever its subtest runs, and naming it would run all its subtests.
 * One `-run` applies to every package given: a test of the same name in another selected package also runs
 * (a superset, which the core ignores). With `options.repeat` N, `-count=N` runs each selected test N times in one
 * process (docs/rerun.md, "Executions per start").
 */
import type { RerunPreset } from '../contract.ts';
import { presetSeed } from '../variations.ts';
import { goQuoteMeta, unique } from './pattern-escape.ts';
import { screenGotestsum } from './args.ts';

/** An import path go accepts as a package argument (and that no flag parser can take for an option). */
const IMPORT_PATH = /^[A-Za-z0-9_~+][A-Za-z0-9_.~+/-]*$/;

export function goRunPattern(names: readonly string[]): string {
  const all = unique(names);
  const leaves = all.filter((n) => !all.some((m) => m !== n && m.startsWith(`${n}/`)));
  return leaves
    .map((n) =>
      n
        .split('/')
        .map((level) => `^${goQuoteMeta(level)}$`)
        .join('/'),
    )
    .join('|');
}

export const gotestsum: RerunPreset = {
  name: 'gotestsum',
  // gotestsum's --rerun-fails writes every run of a test as its own <testcase>; flakeguard reads those as attempts.
  recordsRetries: true,
  // `-count=N` runs each selected test N times in the one `go test` process; gotestsum writes each run as its own
  // <testcase>, a test's failed runs before its passed ones (gotestsum 1.8), not in the order they ran.
  repeats: true,
  repeatsInOrder: false,
  // gotestsum's own flags before `--`, go test's after it, as on the original command line.
  screenArgs: screenGotestsum,
  commands(tests, reportPath, _round, options) {
    const pkgs = unique(tests.map((t) => t.classname));
    const packages = pkgs.every((p) => IMPORT_PATH.test(p) && !p.includes('//') && !p.split('/').includes('..')) ? pkgs : ['./...'];
    const args = options?.args ?? [];
    const split = args.indexOf('--');
    return [
      {
        argv: [
          'gotestsum',
          ...(split < 0 ? args : args.slice(0, split)),
          `--junitfile=${reportPath}`,
          '--format=standard-verbose',
          '--',
          ...(split < 0 ? [] : args.slice(split + 1)),
          `-count=${Math.max(1, Math.floor(options?.repeat ?? 1))}`,
          ...(presetSeed(options) !== undefined ? [`-shuffle=${presetSeed(options)}`] : []),
          `-run=${goRunPattern(tests.map((t) => t.name))}`,
          ...packages,
        ],
      },
    ];
  },
};
