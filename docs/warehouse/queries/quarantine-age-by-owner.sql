-- Quarantine age by owner: the tests in quarantine now, grouped by their first CODEOWNERS owner, with how long they
-- have been in quarantine as of the newest run exported (so that the answer does not move with the clock).
WITH as_of AS (
  SELECT MAX(time) AS t FROM runs
)
SELECT
  COALESCE(tests.owner, '(no owner)') AS owner,
  COUNT(*) AS quarantined_tests,
  ROUND(AVG(DATE_DIFF('hour', tests.state_since, as_of.t)) / 24.0, 1) AS mean_age_days,
  MAX(DATE_DIFF('day', tests.state_since, as_of.t)) AS oldest_days
FROM tests
CROSS JOIN as_of
WHERE tests.quarantined
GROUP BY COALESCE(tests.owner, '(no owner)')
ORDER BY oldest_days DESC, owner;
