/** `policy.quarantine` in the config file (docs/quarantine-rules.md): plain data, read by src/policy/quarantine-rules.ts. */
export interface QuarantineRules {
  /** Quarantined tests per owner at most, for every owner without its own entry in `caps`. */
  maxPerOwner?: number;
  /** Per-owner caps, by owner as CODEOWNERS writes it (`@org/team`, `@user`, an e-mail); compared case-insensitively. */
  caps?: Record<string, number>;
  /** A quarantine of a test without a CODEOWNERS owner stands at most this many days. */
  ownerRequiredAfterDays?: number;
  /** A quarantine older than this many days is surfaced to its owners (and, with `onExpiry: 'block'`, released). */
  expireAfterDays?: number;
  /** What an expired quarantine does: `warn` (default) keeps it and says so; `block` releases it. */
  onExpiry?: 'warn' | 'block';
}
