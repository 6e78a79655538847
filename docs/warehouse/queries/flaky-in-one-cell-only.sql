-- Tests flaky in one matrix cell only: tests that ran in more than one cell and failed-then-passed in exactly one of
-- them (a quarantine for that cell alone is the fix's scope; docs/matrix.md). Runs without a recorded cell are left out.
SELECT
  repository,
  test_id,
  MIN(CASE WHEN rerun_verdict = 'flaky' THEN cell END) AS flaky_cell,
  COUNT(DISTINCT cell) AS cells,
  COUNT(CASE WHEN rerun_verdict = 'flaky' THEN 1 END) AS flaky_runs
FROM test_runs
WHERE cell IS NOT NULL
GROUP BY repository, test_id
HAVING COUNT(DISTINCT CASE WHEN rerun_verdict = 'flaky' THEN cell END) = 1
   AND COUNT(DISTINCT cell) > 1
ORDER BY flaky_runs DESC, repository, test_id;
