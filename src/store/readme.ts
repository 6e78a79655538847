/** The README.md that flakeguard keeps on the data branch, so that the branch explains itself. */

export function renderBranchReadme(shards: number): string {
  return `# flakeguard data branch

This branch is written by the [flakeguard](https://github.com/flakeguard/flakeguard) action. It is its database:
the history of every test, the scores computed from it, and the quarantine decisions. Do not merge it into your
code branches.

## Files (schema 4, ${shards} shard${shards === 1 ? '' : 's'})

| path | what it holds | edit by hand? |
| --- | --- | --- |
| \`stats/NN.json\` | one line per test with something to say (it failed in its window, is or was quarantined, or has an override): \`override\`, \`quarantined\`, \`reason\`, recent results and scores | **yes, the \`override\` field only** |
| \`history/NN.json\` | one line per test that is not quiet: its outcomes, one letter per run from run number \`from\` on (\`P*40\`: forty passes in a row) | no |
| \`history/quiet-NN.json\` | one line per quiet test (it passed at the first attempt in every run of its window): \`"o":"P*"\`, passed in every run from \`from\` to the newest of \`runs.json\` | no |
| \`runs.json\` | one line per run number: \`[run key, commit, time, on default branch, job succeeded, link]\` | no |
| \`flakeguard.json\` | schema version, shard count, writes since compaction, the last write's window, runs already ingested | no |
| \`decisions.json\` | one line per test whose quarantine decision changed: its last 20 decisions (run, time, who, why) and its issue | no (informational: nothing is decided from it) |

flakeguard also writes this \`README.md\`, the dashboard (\`index.html\`, \`.nojekyll\`, \`dashboard/CODEOWNERS\`,
\`dashboard/codeowners-map\`) and the README badge (\`badge.json\`). **Every other file is yours** (a \`CNAME\`, notes, images, links, anything in
\`history/\` or \`stats/\` that is not a \`.json\` file directly in it): flakeguard never reads, changes or deletes it.

A test's shard \`NN\` is the FNV-1a hash of its id modulo the shard count, in hex. The job summary and the
issues flakeguard opens name the exact file of each test.

In \`recent\`, each letter is one run, oldest first: \`P\` passed, \`R\` passed on a retry, \`F\` failed.

## Forcing or lifting a quarantine

Find the test's line in \`stats/NN.json\` and change its \`override\` (GitHub's web editor is fine). A test that
never failed in its window has no line: add one, \`"<test id>": {"override": "quarantine"},\`, in the file its
shard names (or use \`flakeguard override\`, docs/cli.md).

\`\`\`
"override": "quarantine"                       force it into quarantine
"override": "never"                            never quarantine it
"override": {"action": "quarantine", "reason": "JIRA-123", "until": "2026-12-31"}
"override": null                               let flakeguard decide
\`\`\`

The change takes effect on the next run and is kept by every later run. An override with \`until\` lapses after
that day (UTC) with a notice; then, as after setting it back to null, the test is decided as if the override had
never been there. Every other field is computed: \`"quarantined": true\` (or \`successRate\` lowered, e.g. to 0.1)
is recorded as a hand quarantine, \`"quarantined": false\` releases the test now; any other edit is left as written
with a warning. Do not edit \`check\`: it is how flakeguard sees which field you edited.

If a stats file stops being valid JSON, flakeguard reports the file and line as an error, forgives no failure
of the tests in that file until it is fixed, and never overwrites it.

The branch is squashed to a single commit from time to time to stay small; its content is kept.
`;
}
