/**
 * Hand edits of a stats line mean what they say, and none is lost (docs/data-branch.md#hand-edits). Pure.
 *
 * - `override` is the edit flakeguard reads back: it decides while it holds; when it lapses or is cleared, the test
 *   is decided as if it had never been there, from the rule's own state (`auto`, written beside every hand
 *   decision).
 * - Every other field is computed. Each line carries `check`, a short fingerprint of each computed field as
 *   flakeguard wrote it, so that an edit of one is seen and never silently overwritten:
 *   - `"quarantined": true` is honoured as `"override": "quarantine"` with a reason saying so (written back into
 *     `override`, where the user can see and undo it);
 *   - `"quarantined": false` on a quarantined test releases it now; it is then judged on later runs only;
 *   - `successRate` lowered below the success-rate rule's entry threshold forces a quarantine (docs/data-branch.md, "Hand edits")
 *     ("setting its success rate to 0.1"), recorded as a hand override with its reason; raised on a quarantined
 *     test, it releases it;
 *   - any other edit (or any edit while an override decides) is left as written, and every run warns with the
 *     exact edit that does what the user meant, until the field is deleted (then it is computed again).
 */
import type { Override, QuarantineState } from '../model.ts';

/** The computed fields the fingerprint covers, in order. Changing this list needs a new CHECK_VERSION. */
export const CHECKED_FIELDS = [
  'quarantined',
  'successRate',
  'reason',
  'since',
  'runs',
  'recent',
  'tier',
  'flipRate',
  'ewmaFlipRate',
  'pfs',
  'score',
  'confidence',
  'recommendation',
  'thresholded',
] as const;
const CHECK_VERSION = '1';
const CHUNK = 4;

function fnv16(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) & 0xffff).toString(16).padStart(CHUNK, '0');
}

/** `1:` and one 4-hex fingerprint per checked field (of its JSON text; an absent field as null). */
export function checkOf(line: Record<string, unknown>): string {
  let out = `${CHECK_VERSION}:`;
  for (const field of CHECKED_FIELDS) out += fnv16(JSON.stringify(line[field] ?? null));
  return out;
}

/** The checked fields whose value is not what flakeguard wrote; undefined when the line has no usable `check`. */
export function editedFields(line: Record<string, unknown>): string[] | undefined {
  const check = line.check;
  if (typeof check !== 'string' || !check.startsWith(`${CHECK_VERSION}:`) || check.length !== 2 + CHUNK * CHECKED_FIELDS.length) return undefined;
  const out: string[] = [];
  CHECKED_FIELDS.forEach((field, i) => {
    if (!(field in line)) return; // a deleted field is computed again: nothing to keep
    const at = 2 + i * CHUNK;
    if (check.slice(at, at + CHUNK) !== fnv16(JSON.stringify(line[field] ?? null))) out.push(field);
  });
  return out;
}

/** Reason prefixes of decisions made by a hand override (src/policy/quarantine.ts). */
const BY_HAND = /^(quarantined by hand|never quarantined, by hand)/;

/**
 * The rule's own state of a test before this run, as if no hand override had ever been there: the `auto` state
 * written beside a hand decision (with the cells the rule's quarantine covers); for a line a hand override decided
 * before `auto` existed, not quarantined.
 */
export function ruleState(line: { quarantined: boolean; reason: string; since?: string; [k: string]: unknown } | undefined): QuarantineState | undefined {
  if (!line) return undefined;
  const auto = line.auto as Record<string, unknown> | undefined;
  if (auto && typeof auto === 'object' && typeof auto.quarantined === 'boolean') {
    return {
      quarantined: auto.quarantined,
      reason: '',
      ...(typeof auto.since === 'string' ? { since: auto.since } : {}),
      ...(typeof auto.evidenceAfter === 'number' ? { evidenceAfter: auto.evidenceAfter } : {}),
      ...(auto.quarantined && isCellList(auto.cells) ? { cells: auto.cells } : {}),
    };
  }
  if (BY_HAND.test(line.reason)) return { quarantined: false, reason: '', ...(line.since ? { since: line.since } : {}) };
  const state: QuarantineState = { quarantined: line.quarantined, reason: line.reason };
  if (line.since) state.since = line.since;
  if (typeof line.evidenceAfter === 'number') state.evidenceAfter = line.evidenceAfter;
  // The cells a quarantine of the rule covers (src/policy/cells.ts), possibly none; anything else there covers every cell.
  if (line.quarantined && isCellList(line.cells)) state.cells = line.cells;
  return state;
}

const isCellList = (cells: unknown): cells is string[] => Array.isArray(cells) && cells.every((c) => typeof c === 'string');

export interface HandEdit {
  id: string;
  field: string;
  /** What the user wrote. */
  written: unknown;
  /** honoured as an override / as a release now, or kept as written (and ignored). */
  effect: 'quarantine' | 'release' | 'kept';
  /** For users: what happened and, when kept, the exact edit that does what they meant. */
  message: string;
}

export interface EditContext {
  /** The test's override, when one holds for this run. */
  override: Override | null;
  /** Whether the test was quarantined before this run (rule state or override). */
  quarantined: boolean;
  /** The stats file, for messages. */
  file: string;
  /** Entry threshold of the success-rate rule (`policy.success-rate.enter-below`, docs/rules.md). */
  successRateEnterBelow: number;
  /** The date of this run, YYYY-MM-DD, for the reason recorded. */
  today: string;
}

const OVERRIDE_Q = '"override": "quarantine"';
const OVERRIDE_N = '"override": "never"';

/** How each edited field of one line is read. At most one of them quarantines or releases. */
export function interpretEdits(id: string, line: Record<string, unknown>, fields: string[], ctx: EditContext): HandEdit[] {
  const edits: HandEdit[] = [];
  let acted = false;
  const where = `'${id}' in ${ctx.file}`;
  for (const field of fields) {
    const written = line[field];
    const shown = JSON.stringify(written ?? null).slice(0, 60);
    const keep = (meant: string): HandEdit => ({
      id,
      field,
      written,
      effect: 'kept',
      message: `"${field}": ${shown} of ${where} is computed by flakeguard and changes nothing; it is left as you wrote it until you delete it. ${meant}`,
    });
    // The one edit of the line that quarantines or releases.
    const act = (effect: 'quarantine' | 'release', message: string): void => {
      acted = true;
      edits.push({ id, field, written, effect, message });
    };
    if (ctx.override) {
      edits.push(keep(`The override ${JSON.stringify(ctx.override.action)} decides this test; to change that, edit "override" (null lets flakeguard decide).`));
      continue;
    }
    if (field === 'quarantined' && written === ctx.quarantined) continue; // already so: nothing to do
    if (!acted && field === 'quarantined' && written === true && !ctx.quarantined) {
      act('quarantine', `"quarantined": true of ${where} was set by hand: recorded as ${OVERRIDE_Q} with its reason (set "override" to null to undo).`);
      continue;
    }
    if (!acted && field === 'quarantined' && written === false && ctx.quarantined) {
      act('release', `"quarantined": false of ${where} was set by hand: released now, and judged on later runs only (to keep it out for good, write ${OVERRIDE_N}).`);
      continue;
    }
    if (!acted && field === 'successRate' && typeof written === 'number' && Number.isFinite(written)) {
      if (written < ctx.successRateEnterBelow && !ctx.quarantined) {
        act(
          'quarantine',
          `"successRate": ${shown} of ${where} was lowered by hand below ${ctx.successRateEnterBelow}: quarantined (policy.success-rate.enter-below, docs/rules.md), recorded as ${OVERRIDE_Q} with its reason (set "override" to null to undo).`,
        );
        continue;
      }
      if (written >= ctx.successRateEnterBelow && ctx.quarantined) {
        act('release', `"successRate": ${shown} of ${where} was raised by hand: released now, and judged on later runs only (to keep it out for good, write ${OVERRIDE_N}).`);
        continue;
      }
    }
    edits.push(keep(`To quarantine the test, write ${OVERRIDE_Q}; to keep it out of quarantine, ${OVERRIDE_N}; to let flakeguard decide, delete "${field}".`));
  }
  return edits;
}

/** The override recorded for an edit honoured as a quarantine. */
export function overrideForEdit(edit: HandEdit, today: string): { action: 'quarantine'; reason: string } {
  return { action: 'quarantine', reason: `"${edit.field}": ${JSON.stringify(edit.written)} set by hand (${today})` };
}
