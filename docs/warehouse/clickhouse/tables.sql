-- The flakeguard export tables in ClickHouse (written by scripts/warehouse-schemas.ts; docs/warehouse.md).
CREATE DATABASE IF NOT EXISTS flakeguard;

CREATE TABLE IF NOT EXISTS flakeguard.runs
(
  row_key String COMMENT 'Stable key of the row (a hash of repository and run key): the same row exported twice has the same key, so a load can deduplicate or merge on it.',
  repository String COMMENT 'The repository whose data branch the row comes from (owner/name, or --repository).',
  run_key String COMMENT 'The run key: <workflow run id>/<job>/<hash of job key and report patterns>; <run id>/untrusted for an untrusted run.',
  run_seq Int64 COMMENT 'The run number on the data branch (runs.json), increasing with each run ingested.',
  run_id Nullable(String) COMMENT 'The workflow run id (the first part of the run key).',
  job Nullable(String) COMMENT 'The job id (the second part of the run key); null for an untrusted run.',
  attempt Nullable(Int64) COMMENT 'The newest attempt of the workflow run ingested for this run key (a re-run attempt joins the same run); null when the branch no longer says.',
  cell Nullable(String) COMMENT 'The matrix cell, canonical k=v pairs sorted and joined by commas; null when not recorded.',
  sha String COMMENT 'The commit tested.',
  ref Nullable(String) COMMENT 'The git ref. Not recorded on the data branch: null (on_default_branch says what is kept).',
  event Nullable(String) COMMENT 'The triggering event. Not recorded on the data branch: null.',
  time DateTime64(3, 'UTC') COMMENT 'When the run ran (report timestamp, else the clock).',
  ingested_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When flakeguard last ingested an attempt of this run (flakeguard.json); null once aged out.',
  on_default_branch Bool COMMENT 'True for a push (or schedule) on the default branch.',
  job_succeeded Nullable(Bool) COMMENT 'True when the job succeeded after forgiveness; null when unknown.',
  trusted Bool COMMENT 'False for results read from another run’s artifact (docs/forks.md): evidence only.',
  outages Int64 COMMENT 'How many outages (many tests failing with one message) the run had.',
  url Nullable(String) COMMENT 'Link to the workflow run attempt.'
)
ENGINE = ReplacingMergeTree
ORDER BY (repository, row_key);

CREATE TABLE IF NOT EXISTS flakeguard.test_runs
(
  row_key String COMMENT 'Stable key of the row (a hash of repository, run key and test id): the same row exported twice has the same key, so a load can deduplicate or merge on it.',
  repository String COMMENT 'The repository whose data branch the row comes from (owner/name, or --repository).',
  run_key String COMMENT 'The run (runs.run_key).',
  run_seq Int64 COMMENT 'The run number (runs.run_seq).',
  test_id String COMMENT 'The test id (docs/test-ids.md).',
  time DateTime64(3, 'UTC') COMMENT 'When the run ran.',
  sha String COMMENT 'The commit tested.',
  cell Nullable(String) COMMENT 'The matrix cell of the run; null when not recorded.',
  on_default_branch Bool COMMENT 'True for a run on the default branch.',
  trusted Bool COMMENT 'False for results flakeguard does not vouch for.',
  attempts String COMMENT 'Outcome of each attempt in order, a letter each: P passed, F failed, E error, S skipped (FP = failed, then passed on a re-run).',
  attempt_count Int64 COMMENT 'The number of attempts (1 when not re-run).',
  final_outcome String COMMENT 'The last attempt: passed, failed, error or skipped.',
  rerun_verdict Nullable(String) COMMENT 'With more than one attempt: flaky (a failed and a passed attempt), consistent (every attempt failed), or other; null with one attempt.',
  duration_sec Nullable(Float64) COMMENT 'Seconds of the last attempt. The data branch keeps only each test’s newest duration: null for older runs.',
  message Nullable(String) COMMENT 'The normalised message of the first failed attempt; raw, untrusted text.',
  message_signature Nullable(String) COMMENT 'A hash of the message with every number blanked: equal for the same failure.',
  outage Bool COMMENT 'The failure was part of an outage of its run: never evidence of flakiness.',
  job_succeeded Nullable(Bool) COMMENT 'The job’s result after forgiveness; null when unknown.'
)
ENGINE = ReplacingMergeTree
ORDER BY (repository, row_key);

CREATE TABLE IF NOT EXISTS flakeguard.tests
(
  row_key String COMMENT 'Stable key of the row (a hash of repository and test id): the same row exported twice has the same key, so a load can deduplicate or merge on it.',
  repository String COMMENT 'The repository whose data branch the row comes from (owner/name, or --repository).',
  test_id String COMMENT 'The test id.',
  name String COMMENT 'The test’s name.',
  classname String COMMENT 'Its class name (suite).',
  file Nullable(String) COMMENT 'Its file, when the reports gave one.',
  line Nullable(Int64) COMMENT 'Its line in the file, when given.',
  owners Nullable(String) COMMENT 'Its owners from CODEOWNERS, space-separated (@user, @org/team, e-mail); null when none.',
  owner Nullable(String) COMMENT 'The first of its owners; null when none.',
  quarantined Nullable(Bool) COMMENT 'True while quarantined; null when its stats file cannot be read.',
  state_since Nullable(DateTime64(3, 'UTC')) COMMENT 'When the current state (quarantined or not) began, when recorded.',
  reason Nullable(String) COMMENT 'Why it is (not) quarantined, in words; untrusted when a person wrote it.',
  decided_by Nullable(String) COMMENT 'hand while a hand override decides, else rule; null when its stats file cannot be read.',
  override Nullable(String) COMMENT 'The hand override’s action: quarantine or never; null when none.',
  override_until Nullable(String) COMMENT 'The date the hand override lapses, as written.',
  rule Nullable(String) COMMENT 'The rule that decided, when the stats line records it; null otherwise.',
  tier Nullable(String) COMMENT 'Stable, Intermittent, Flaky or Chronic (docs/scoring.md).',
  score Nullable(Float64) COMMENT 'The multi-factor score, 0 to 1.',
  confidence Nullable(Float64) COMMENT 'Confidence of the score, 0 to 1.',
  pfs Nullable(Float64) COMMENT 'Probability that a run fails for no reason.',
  pfs_low Nullable(Float64) COMMENT 'Lower bound of the PFS 90% interval.',
  pfs_high Nullable(Float64) COMMENT 'Upper bound of the PFS 90% interval.',
  flip_rate Nullable(Float64) COMMENT 'Share of consecutive runs whose outcome flipped.',
  success_rate Nullable(Float64) COMMENT 'Share of runs that passed.',
  recommendation Nullable(String) COMMENT 'The score’s recommendation.',
  runs Int64 COMMENT 'Runs kept in its history window.',
  failed_runs Int64 COMMENT 'Runs of the window with a failed or errored attempt.',
  duration_sec Nullable(Float64) COMMENT 'Seconds of its newest run, when known.',
  first_seen Nullable(DateTime64(3, 'UTC')) COMMENT 'Time of the oldest run in its window.',
  last_seen Nullable(DateTime64(3, 'UTC')) COMMENT 'Time of its newest run.',
  issue Nullable(Int64) COMMENT 'The number of its flakeguard issue, when there is one (decisions.json).',
  fix_verdict Nullable(String) COMMENT 'Its latest fix verification (docs/fix-verification.md): verified, failed or inconclusive; null when none is recorded.',
  fix_pr Nullable(Int64) COMMENT 'The pull request the fix verification ran on.',
  fix_head Nullable(String) COMMENT 'The commit the fix verification ran on.',
  fix_runs Nullable(Int64) COMMENT 'Runs of the test the fix verification made.',
  fix_failures Nullable(Int64) COMMENT 'Of which failed.',
  fix_rate Nullable(Float64) COMMENT 'The first-attempt failure rate before the fix, as the mean of its window posterior.',
  fix_reached Nullable(Float64) COMMENT 'The probability that a test still as flaky as its window told would have failed in those runs, averaged over the posterior rate whose mean is fix_rate.',
  fix_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When the fix was verified.',
  fix_released Nullable(DateTime64(3, 'UTC')) COMMENT 'When the verified fix landed and released the quarantine; null until then.',
  ci_cost_sec Nullable(Float64) COMMENT 'Seconds of CI time the test cost in its window: its share of the re-runs and of the red runs re-run by hand (docs/cost.md); null when it failed in no run.',
  ci_cost Nullable(Float64) COMMENT 'ci_cost_sec priced at the cost-per-minute the branch records; null without a price.',
  ci_saved_sec Nullable(Float64) COMMENT 'Seconds of hand re-runs its re-runs spared: its share of the runs a re-run turned green (docs/cost.md); null when it failed in no run.'
)
ENGINE = ReplacingMergeTree
ORDER BY (repository, row_key);

CREATE TABLE IF NOT EXISTS flakeguard.decisions
(
  row_key String COMMENT 'Stable key of the row (a hash of repository, test id, run number and event): the same row exported twice has the same key, so a load can deduplicate or merge on it.',
  repository String COMMENT 'The repository whose data branch the row comes from (owner/name, or --repository).',
  test_id String COMMENT 'The test.',
  run_seq Int64 COMMENT 'The run in which the decision changed (runs.run_seq).',
  run_key Nullable(String) COMMENT 'That run’s key, while the branch still has the run.',
  decided_at Nullable(DateTime64(3, 'UTC')) COMMENT 'When flakeguard decided; null when the recorded time is not a time.',
  event String COMMENT 'quarantined, released, override, override lapsed, override cleared, hand edit or issue closed (docs/data-branch.md#decisionsjson).',
  quarantined Bool COMMENT 'The state from this run on.',
  decided_by String COMMENT 'rule or hand.',
  reason String COMMENT 'The reason as the stats file gave it (cut at 500 characters); untrusted when a person wrote it.',
  issue Nullable(Int64) COMMENT 'The test’s flakeguard issue, when there is one.'
)
ENGINE = ReplacingMergeTree
ORDER BY (repository, row_key);
