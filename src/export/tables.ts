/**
 * The four tables `flakeguard export` writes (docs/warehouse.md): their columns, types and what each holds. One
 * definition for every format: the Parquet schema, the NDJSON values and the warehouse schema files in
 * docs/warehouse/ are all checked against it (test/export/). Pure.
 */

/** A column's type, named as the warehouse schemas name it; each format maps it (docs/warehouse.md, "Types"). */
export type ColumnType = 'STRING' | 'INT64' | 'FLOAT64' | 'BOOL' | 'TIMESTAMP';

export interface Column {
  name: string;
  type: ColumnType;
  /** False for columns every row has. */
  nullable: boolean;
  /** One sentence for the schema files and docs/warehouse.md. */
  doc: string;
}

export const TABLE_NAMES = ['runs', 'test_runs', 'tests', 'decisions'] as const;
export type TableName = (typeof TABLE_NAMES)[number];

const c = (name: string, type: ColumnType, nullable: boolean, doc: string): Column => ({ name, type, nullable, doc });

const ROW_KEY = (of: string): Column =>
  c('row_key', 'STRING', false, `Stable key of the row (a hash of ${of}): the same row exported twice has the same key, so a load can deduplicate or merge on it.`);
const REPOSITORY = c('repository', 'STRING', false, 'The repository whose data branch the row comes from (owner/name, or --repository).');

export const TABLES: Record<TableName, readonly Column[]> = {
  runs: [
    ROW_KEY('repository and run key'),
    REPOSITORY,
    c('run_key', 'STRING', false, 'The run key: <workflow run id>/<job>/<hash of job key and report patterns>; <run id>/untrusted for an untrusted run.'),
    c('run_seq', 'INT64', false, 'The run number on the data branch (runs.json), increasing with each run ingested.'),
    c('run_id', 'STRING', true, 'The workflow run id (the first part of the run key).'),
    c('job', 'STRING', true, 'The job id (the second part of the run key); null for an untrusted run.'),
    c('attempt', 'INT64', true, 'The newest attempt of the workflow run ingested for this run key (a re-run attempt joins the same run); null when the branch no longer says.'),
    c('cell', 'STRING', true, 'The matrix cell, canonical k=v pairs sorted and joined by commas; null when not recorded.'),
    c('sha', 'STRING', false, 'The commit tested.'),
    c('ref', 'STRING', true, 'The git ref. Not recorded on the data branch: null (on_default_branch says what is kept).'),
    c('event', 'STRING', true, 'The triggering event. Not recorded on the data branch: null.'),
    c('time', 'TIMESTAMP', false, 'When the run ran (report timestamp, else the clock).'),
    c('ingested_at', 'TIMESTAMP', true, 'When flakeguard last ingested an attempt of this run (flakeguard.json); null once aged out.'),
    c('on_default_branch', 'BOOL', false, 'True for a push (or schedule) on the default branch.'),
    c('job_succeeded', 'BOOL', true, 'True when the job succeeded after forgiveness; null when unknown.'),
    c('trusted', 'BOOL', false, 'False for results read from another run’s artifact (docs/forks.md): evidence only.'),
    c('outages', 'INT64', false, 'How many outages (many tests failing with one message) the run had.'),
    c('url', 'STRING', true, 'Link to the workflow run attempt.'),
  ],
  test_runs: [
    ROW_KEY('repository, run key and test id'),
    REPOSITORY,
    c('run_key', 'STRING', false, 'The run (runs.run_key).'),
    c('run_seq', 'INT64', false, 'The run number (runs.run_seq).'),
    c('test_id', 'STRING', false, 'The test id (docs/test-ids.md).'),
    c('time', 'TIMESTAMP', false, 'When the run ran.'),
    c('sha', 'STRING', false, 'The commit tested.'),
    c('cell', 'STRING', true, 'The matrix cell of the run; null when not recorded.'),
    c('on_default_branch', 'BOOL', false, 'True for a run on the default branch.'),
    c('trusted', 'BOOL', false, 'False for results flakeguard does not vouch for.'),
    c('attempts', 'STRING', false, 'Outcome of each attempt in order, a letter each: P passed, F failed, E error, S skipped (FP = failed, then passed on a re-run).'),
    c('attempt_count', 'INT64', false, 'The number of attempts (1 when not re-run).'),
    c('final_outcome', 'STRING', false, 'The last attempt: passed, failed, error or skipped.'),
    c('rerun_verdict', 'STRING', true, 'With more than one attempt: flaky (a failed and a passed attempt), consistent (every attempt failed), or other; null with one attempt.'),
    c('duration_sec', 'FLOAT64', true, 'Seconds of the last attempt. The data branch keeps only each test’s newest duration: null for older runs.'),
    c('message', 'STRING', true, 'The normalised message of the first failed attempt; raw, untrusted text.'),
    c('message_signature', 'STRING', true, 'A hash of the message with every number blanked: equal for the same failure.'),
    c('outage', 'BOOL', false, 'The failure was part of an outage of its run: never evidence of flakiness.'),
    c('job_succeeded', 'BOOL', true, 'The job’s result after forgiveness; null when unknown.'),
  ],
  tests: [
    ROW_KEY('repository and test id'),
    REPOSITORY,
    c('test_id', 'STRING', false, 'The test id.'),
    c('name', 'STRING', false, 'The test’s name.'),
    c('classname', 'STRING', false, 'Its class name (suite).'),
    c('file', 'STRING', true, 'Its file, when the reports gave one.'),
    c('line', 'INT64', true, 'Its line in the file, when given.'),
    c('owners', 'STRING', true, 'Its owners from CODEOWNERS, space-separated (@user, @org/team, e-mail); null when none.'),
    c('owner', 'STRING', true, 'The first of its owners; null when none.'),
    c('quarantined', 'BOOL', true, 'True while quarantined; null when its stats file cannot be read.'),
    c('state_since', 'TIMESTAMP', true, 'When the current state (quarantined or not) began, when recorded.'),
    c('reason', 'STRING', true, 'Why it is (not) quarantined, in words; untrusted when a person wrote it.'),
    c('decided_by', 'STRING', true, 'hand while a hand override decides, else rule; null when its stats file cannot be read.'),
    c('override', 'STRING', true, 'The hand override’s action: quarantine or never; null when none.'),
    c('override_until', 'STRING', true, 'The date the hand override lapses, as written.'),
    c('rule', 'STRING', true, 'The rule that decided, when the stats line records it; null otherwise.'),
    c('tier', 'STRING', true, 'Stable, Intermittent, Flaky or Chronic (docs/scoring.md).'),
    c('score', 'FLOAT64', true, 'The multi-factor score, 0 to 1.'),
    c('confidence', 'FLOAT64', true, 'Confidence of the score, 0 to 1.'),
    c('pfs', 'FLOAT64', true, 'Probability that a run fails for no reason.'),
    c('pfs_low', 'FLOAT64', true, 'Lower bound of the PFS 90% interval.'),
    c('pfs_high', 'FLOAT64', true, 'Upper bound of the PFS 90% interval.'),
    c('flip_rate', 'FLOAT64', true, 'Share of consecutive runs whose outcome flipped.'),
    c('success_rate', 'FLOAT64', true, 'Share of runs that passed.'),
    c('recommendation', 'STRING', true, 'The score’s recommendation.'),
    c('runs', 'INT64', false, 'Runs kept in its history window.'),
    c('failed_runs', 'INT64', false, 'Runs of the window with a failed or errored attempt.'),
    c('duration_sec', 'FLOAT64', true, 'Seconds of its newest run, when known.'),
    c('first_seen', 'TIMESTAMP', true, 'Time of the oldest run in its window.'),
    c('last_seen', 'TIMESTAMP', true, 'Time of its newest run.'),
    c('issue', 'INT64', true, 'The number of its flakeguard issue, when there is one (decisions.json).'),
    c('fix_verdict', 'STRING', true, 'Its latest fix verification (docs/fix-verification.md): verified, failed or inconclusive; null when none is recorded.'),
    c('fix_pr', 'INT64', true, 'The pull request the fix verification ran on.'),
    c('fix_head', 'STRING', true, 'The commit the fix verification ran on.'),
    c('fix_runs', 'INT64', true, 'Runs of the test the fix verification made.'),
    c('fix_failures', 'INT64', true, 'Of which failed.'),
    c('fix_rate', 'FLOAT64', true, 'The first-attempt failure rate before the fix, as the mean of its window posterior.'),
    c('fix_reached', 'FLOAT64', true, 'The probability that a test still as flaky as its window told would have failed in those runs, averaged over the posterior rate whose mean is fix_rate.'),
    c('fix_at', 'TIMESTAMP', true, 'When the fix was verified.'),
    c('fix_released', 'TIMESTAMP', true, 'When the verified fix landed and released the quarantine; null until then.'),
    c('ci_cost_sec', 'FLOAT64', true, 'Seconds of CI time the test cost in its window: its share of the re-runs and of the red runs re-run by hand (docs/cost.md); null when it failed in no run.'),
    c('ci_cost', 'FLOAT64', true, 'ci_cost_sec priced at the cost-per-minute the branch records; null without a price.'),
    c('ci_saved_sec', 'FLOAT64', true, 'Seconds of hand re-runs its re-runs spared: its share of the runs a re-run turned green (docs/cost.md); null when it failed in no run.'),
  ],
  decisions: [
    ROW_KEY('repository, test id, run number and event'),
    REPOSITORY,
    c('test_id', 'STRING', false, 'The test.'),
    c('run_seq', 'INT64', false, 'The run in which the decision changed (runs.run_seq).'),
    c('run_key', 'STRING', true, 'That run’s key, while the branch still has the run.'),
    c('decided_at', 'TIMESTAMP', true, 'When flakeguard decided; null when the recorded time is not a time.'),
    c('event', 'STRING', false, 'quarantined, released, override, override lapsed, override cleared, hand edit or issue closed (docs/data-branch.md#decisionsjson).'),
    c('quarantined', 'BOOL', false, 'The state from this run on.'),
    c('decided_by', 'STRING', false, 'rule or hand.'),
    c('reason', 'STRING', false, 'The reason as the stats file gave it (cut at 500 characters); untrusted when a person wrote it.'),
    c('issue', 'INT64', true, 'The test’s flakeguard issue, when there is one.'),
  ],
};

/** A row: a value (or null) for each column of its table. Timestamps are milliseconds since the epoch. */
export type Row = Record<string, string | number | boolean | null>;
