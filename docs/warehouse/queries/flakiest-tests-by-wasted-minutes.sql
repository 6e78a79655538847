-- Flakiest tests by wasted minutes: the attempts spent re-running tests that failed and then passed in the same run,
-- in minutes. The data branch keeps each test's newest duration only (docs/warehouse.md, "What the data branch does
-- not keep"), so an attempt is counted at that duration: an estimate, exact for tests whose duration is steady.
SELECT
  t.repository,
  t.test_id,
  t.owner,
  COUNT(*) AS flaky_runs,
  SUM(tr.attempt_count - 1) AS extra_attempts,
  ROUND(SUM((tr.attempt_count - 1) * COALESCE(t.duration_sec, 0)) / 60.0, 2) AS wasted_minutes
FROM test_runs AS tr
JOIN tests AS t
  ON t.repository = tr.repository AND t.test_id = tr.test_id
WHERE tr.rerun_verdict = 'flaky'
GROUP BY t.repository, t.test_id, t.owner
ORDER BY wasted_minutes DESC, flaky_runs DESC, t.repository, t.test_id
LIMIT 50;
