/**
 * Hand edits of computed fields, applied to the snapshot before a run is decided (src/policy/hand-edits.ts says
 * what each edit means). Pure: returns the snapshot as the edits make it, the edits found (for notices and
 * warnings), and the fields to write back as the user wrote them.
 */
import type { Override } from '../model.ts';
import { checkOf, editedFields, interpretEdits, overrideForEdit, ruleState, type HandEdit } from '../policy/hand-edits.ts';
import type { PolicyOptions } from '../policy/quarantine.ts';
import { overrideExpired } from '../store/layout.ts';
import { inBrokenShard, type Snapshot, type StoredOverride } from '../store/snapshot.ts';

export interface LocatedEdit extends HandEdit {
  file: string;
  line?: number;
}

export interface HandEditResult {
  snapshot: Snapshot;
  edits: LocatedEdit[];
  /** Fields written back as the user left them, by test id. */
  kept: Map<string, Record<string, unknown>>;
}

export function applyHandEdits(snapshot: Snapshot, now: number, policy: PolicyOptions, statsFileOf: (id: string) => string): HandEditResult {
  const edits: LocatedEdit[] = [];
  const kept = new Map<string, Record<string, unknown>>();
  let overrides: Map<string, StoredOverride> | undefined;
  let stats: Snapshot['stats'] | undefined;
  const today = new Date(now).toISOString().slice(0, 10);
  // What flakeguard would have written on a line a person added: a test with nothing to say is not quarantined.
  const unwritten = checkOf({ quarantined: false });
  for (const [id, line] of snapshot.stats) {
    const fields = editedFields(snapshot.handWritten.has(id) ? personsLine(line, unwritten) : line);
    if (!fields || fields.length === 0 || inBrokenShard(snapshot, id)) continue;
    const stored = snapshot.overrides.get(id);
    const override: Override | null = stored && !overrideExpired(stored.override, now) ? stored.override : null;
    // What flakeguard wrote: a boolean `quarantined` that was edited was the other value. The edit itself is only
    // ever read through interpretEdits, never as the state before this run.
    const original = fields.includes('quarantined') && typeof line.quarantined === 'boolean' ? { ...line, quarantined: !line.quarantined } : line;
    if (original !== line) {
      stats ??= new Map(snapshot.stats);
      stats.set(id, original);
    }
    const quarantined = override ? override.action === 'quarantine' : ruleState(original)?.quarantined === true;
    const file = stored?.file ?? statsFileOf(id);
    const found = interpretEdits(id, line, fields, { override, quarantined, file, successRateEnterBelow: policy.rules.successRate.enterBelow, today });
    for (const edit of found) {
      edits.push({ ...edit, file, ...(stored?.line !== undefined ? { line: stored.line } : {}) });
      if (edit.effect === 'kept') {
        kept.set(id, { ...kept.get(id), [edit.field]: edit.written });
      } else if (edit.effect === 'quarantine') {
        const raw = overrideForEdit(edit, today);
        overrides ??= new Map(snapshot.overrides);
        overrides.set(id, { override: raw, raw, file });
      } else {
        // Released now: judged on the runs after this one only, as after a release by the rule.
        const test = snapshot.history.get(id);
        const newest = test ? test.runs.reduce((t, r) => Math.max(t, r.time), 0) : 0;
        stats ??= new Map(snapshot.stats);
        const { auto: _auto, ...rest } = original;
        stats.set(id, { ...rest, quarantined: false, reason: '', since: new Date(now).toISOString(), evidenceAfter: newest });
      }
    }
  }
  if (!overrides && !stats) return { snapshot, edits, kept };
  return { snapshot: { ...snapshot, overrides: overrides ?? snapshot.overrides, stats: stats ?? snapshot.stats }, edits, kept };
}

/** A line a person added, as editedFields reads it: the fields they wrote, against what flakeguard would have written. */
function personsLine(line: Record<string, unknown>, check: string): Record<string, unknown> {
  const view: Record<string, unknown> = { ...line, check };
  // The reader gives every line a reason ('' when none was written): not the person's edit.
  if (view.reason === '') delete view.reason;
  return view;
}
