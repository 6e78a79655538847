#!/bin/bash
# The step of several bundles, alternated round by round (docs/benchmarks.md): one line a run,
# "round label wall-ms node-cpu-ms children-cpu-ms peak-MiB pushed-bytes outcome load floor-ms fxp-floor-ms write-ms"
# (write-ms: the step's git fast-import and push, wall time).
#   [TESTS=100000] [STEP_ARGS="--floor --floor-fxp"] scripts/bench/step-pairs.sh ROUNDS OUT label:/path/to/dist/index.js:/path/to/branch.git ...
# TESTS defaults to 10000; STEP_ARGS goes to scripts/bench/step.ts (the floors are "-" without --floor / --floor-fxp).
set -e
cd "$(dirname "$0")/../.."
R=$1; OUT=$2; shift 2
TESTS=${TESTS:-10000}
export PAIR_JSON="${TMPDIR:-/tmp}/flakeguard-step-pair-$$.json"
for r in $(seq 1 "$R"); do
  for spec in "$@"; do
    IFS=: read -r label dist branch <<< "$spec"
    # shellcheck disable=SC2086 # STEP_ARGS is a list of options
    FLAKEGUARD_DIST=$dist node_modules/.bin/node scripts/bench/step.ts --tests "$TESTS" --repeat 1 --branch "$branch" ${STEP_ARGS:-} 2>/dev/null | sed -n '/^{/,$p' > "$PAIR_JSON"
    echo "$r $label $(node -e 'const j=JSON.parse(require("fs").readFileSync(process.env.PAIR_JSON,"utf8"));const m=j.measures[0];console.log(j.ms, j.cpuMs, j.childrenCpuMs, j.peakRssMiB, m.pushBytes, m.outcome, j.load.map(x=>x.toFixed(1)).join(","), j.floor?.ms ?? "-", j.floorFxp?.ms ?? "-", (m.git.byCommand["fast-import"]?.[1] ?? 0) + (m.git.byCommand.push?.[1] ?? 0))')" >> "$OUT"
  done
done
rm -f "$PAIR_JSON"
