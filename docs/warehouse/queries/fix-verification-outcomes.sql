-- Fix verification outcomes: each time a test left quarantine because someone said it was fixed (its issue closed
-- as completed) or because the rule saw it pass long enough (released), did the fix hold? "regressed" when the
-- test was quarantined again later (with the days it held), else "holding", with the runs and failed runs since.
WITH claims AS (
  SELECT repository, test_id, event AS claim, issue, decided_at AS claimed_at
  FROM decisions
  WHERE event IN ('issue closed', 'released')
),
requarantined AS (
  SELECT c.repository, c.test_id, c.claimed_at, MIN(d.decided_at) AS requarantined_at
  FROM claims AS c
  JOIN decisions AS d
    ON d.repository = c.repository AND d.test_id = c.test_id AND d.event = 'quarantined' AND d.decided_at > c.claimed_at
  GROUP BY c.repository, c.test_id, c.claimed_at
),
since AS (
  SELECT
    c.repository,
    c.test_id,
    c.claimed_at,
    COUNT(tr.run_key) AS runs_since,
    COUNT(CASE WHEN tr.attempts LIKE '%F%' OR tr.attempts LIKE '%E%' THEN 1 END) AS failed_runs_since
  FROM claims AS c
  LEFT JOIN test_runs AS tr
    ON tr.repository = c.repository AND tr.test_id = c.test_id AND tr.time > c.claimed_at
  GROUP BY c.repository, c.test_id, c.claimed_at
)
SELECT
  c.repository,
  c.test_id,
  c.claim,
  c.issue,
  c.claimed_at,
  CASE WHEN q.requarantined_at IS NULL THEN 'holding' ELSE 'regressed' END AS outcome,
  DATE_DIFF('day', c.claimed_at, q.requarantined_at) AS days_held,
  s.runs_since,
  s.failed_runs_since
FROM claims AS c
LEFT JOIN requarantined AS q
  ON q.repository = c.repository AND q.test_id = c.test_id AND q.claimed_at = c.claimed_at
LEFT JOIN since AS s
  ON s.repository = c.repository AND s.test_id = c.test_id AND s.claimed_at = c.claimed_at
ORDER BY c.repository, c.test_id, c.claimed_at;
