#!/bin/bash
# The 10k step of several bundles, alternated round by round (docs/benchmarks.md): one line a run,
# "round label wall-ms node-cpu-ms children-cpu-ms peak-MiB pushed-bytes outcome load".
#   scripts/bench/step-pairs.sh ROUNDS OUT label:/path/to/dist/index.js:/path/to/branch.git ...
set -e
cd "$(dirname "$0")/../.."
R=$1; OUT=$2; shift 2
export PAIR_JSON="${TMPDIR:-/tmp}/flakeguard-step-pair.json"
for r in $(seq 1 "$R"); do
  for spec in "$@"; do
    IFS=: read -r label dist branch <<< "$spec"
    FLAKEGUARD_DIST=$dist node_modules/.bin/node scripts/bench/step.ts --tests 10000 --repeat 1 --branch "$branch" 2>/dev/null | sed -n '/^{/,$p' > "$PAIR_JSON"
    echo "$r $label $(node -e 'const j=JSON.parse(require("fs").readFileSync(process.env.PAIR_JSON,"utf8"));const m=j.measures[0];console.log(j.ms, j.cpuMs, j.childrenCpuMs, j.peakRssMiB, m.pushBytes, m.outcome, j.load.map(x=>x.toFixed(1)).join(","))')" >> "$OUT"
  done
done
