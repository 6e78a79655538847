-- Red builds caused by flaky tests, per repository and week: runs whose job failed (after flakeguard's forgiveness)
-- and whose every failed test (outages aside) is a flaky test, one that failed and passed in the same run at some
-- point or that flakeguard quarantined. Red builds with any other failure are counted apart.
WITH flaky_tests AS (
  SELECT DISTINCT repository, test_id FROM test_runs WHERE rerun_verdict = 'flaky'
  UNION
  SELECT DISTINCT repository, test_id FROM decisions WHERE event = 'quarantined'
),
failed AS (
  SELECT tr.repository, tr.run_key, tr.test_id, f.test_id IS NOT NULL AS is_flaky
  FROM test_runs AS tr
  LEFT JOIN flaky_tests AS f
    ON f.repository = tr.repository AND f.test_id = tr.test_id
  WHERE tr.final_outcome IN ('failed', 'error') AND NOT tr.outage
),
red AS (
  SELECT
    r.repository,
    r.run_key,
    r.time,
    COUNT(failed.test_id) AS failed_tests,
    COUNT(CASE WHEN failed.is_flaky THEN 1 END) AS flaky_failed_tests
  FROM runs AS r
  LEFT JOIN failed
    ON failed.repository = r.repository AND failed.run_key = r.run_key
  WHERE r.job_succeeded = FALSE
  GROUP BY r.repository, r.run_key, r.time
)
SELECT
  repository,
  DATE_TRUNC('week', time) AS week,
  COUNT(*) AS red_builds,
  COUNT(CASE WHEN failed_tests > 0 AND flaky_failed_tests = failed_tests THEN 1 END) AS caused_by_flaky_tests,
  COUNT(CASE WHEN flaky_failed_tests < failed_tests THEN 1 END) AS with_other_failures
FROM red
GROUP BY repository, DATE_TRUNC('week', time)
ORDER BY repository, week;
