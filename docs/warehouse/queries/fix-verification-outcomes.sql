-- Fix verification outcomes: each time a test was claimed fixed, did the fix hold?
-- Claims: a fix verification (docs/fix-verification.md: the test run alone on the fix's pull request; the data branch
-- keeps each test's latest, in tests.fix_*), its issue closed as completed, or a release by the rule (decisions).
-- outcome: "failed" / "inconclusive" (what the verification found), "not landed" (verified, its change not yet on the
-- default branch), else "regressed" when the test was quarantined again after the claim (with the days it held) or
-- "holding", with the runs and failed runs since.
WITH claims AS (
  SELECT repository, test_id, event AS claim, issue, CAST(NULL AS BIGINT) AS pr, CAST(NULL AS VARCHAR) AS verdict,
    decided_at AS claimed_at
  FROM decisions
  WHERE event IN ('issue closed', 'released')
  UNION ALL
  SELECT repository, test_id, 'fix verification' AS claim, issue, fix_pr AS pr, fix_verdict AS verdict,
    COALESCE(fix_released, fix_at) AS claimed_at
  FROM tests
  WHERE fix_verdict IS NOT NULL
),
requarantined AS (
  SELECT c.repository, c.test_id, c.claim, c.claimed_at, MIN(d.decided_at) AS requarantined_at
  FROM claims AS c
  JOIN decisions AS d
    ON d.repository = c.repository AND d.test_id = c.test_id AND d.event = 'quarantined' AND d.decided_at > c.claimed_at
  GROUP BY c.repository, c.test_id, c.claim, c.claimed_at
),
since AS (
  SELECT
    c.repository,
    c.test_id,
    c.claim,
    c.claimed_at,
    COUNT(tr.run_key) AS runs_since,
    COUNT(CASE WHEN tr.attempts LIKE '%F%' OR tr.attempts LIKE '%E%' THEN 1 END) AS failed_runs_since
  FROM claims AS c
  LEFT JOIN test_runs AS tr
    ON tr.repository = c.repository AND tr.test_id = c.test_id AND tr.time > c.claimed_at
  GROUP BY c.repository, c.test_id, c.claim, c.claimed_at
)
SELECT
  c.repository,
  c.test_id,
  c.claim,
  c.issue,
  c.pr,
  c.claimed_at,
  CASE
    WHEN c.verdict IN ('failed', 'inconclusive') THEN c.verdict
    WHEN c.verdict = 'verified' AND t.fix_released IS NULL THEN 'not landed'
    WHEN q.requarantined_at IS NULL THEN 'holding'
    ELSE 'regressed'
  END AS outcome,
  DATE_DIFF('day', c.claimed_at, q.requarantined_at) AS days_held,
  s.runs_since,
  s.failed_runs_since
FROM claims AS c
JOIN tests AS t
  ON t.repository = c.repository AND t.test_id = c.test_id
LEFT JOIN requarantined AS q
  ON q.repository = c.repository AND q.test_id = c.test_id AND q.claim = c.claim AND q.claimed_at = c.claimed_at
LEFT JOIN since AS s
  ON s.repository = c.repository AND s.test_id = c.test_id AND s.claim = c.claim AND s.claimed_at = c.claimed_at
ORDER BY c.repository, c.test_id, c.claimed_at, c.claim;
