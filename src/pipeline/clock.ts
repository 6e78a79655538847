/**
 * Which times the step trusts (docs/data-branch.md, "Time"). Pure.
 *
 * Every time on the data branch comes from some runner's clock: a report's timestamp, the step's own clock, a parked
 * run's parcel. None of them can be checked against a true clock, so none of them alone decides what is dropped:
 *
 * 1. **A run's time** (its report's timestamp, else the step's clock; a parcel's or results file's `run.time`) is
 *    recorded as it is unless it is not a finite number, more than CLOCK_TOLERANCE_MS after the step's clock, or so
 *    far before the branch's newest run (the step's clock on an empty branch) that the next write would age it out
 *    (negative times included). Then it is recorded at the step's clock, with a warning naming the run; when the
 *    step's clock is itself behind the branch's newest run (a runner years behind), at that newest run's time
 *    (docs/adr/0425-a-run-is-kept-whatever-its-clock.md).
 * 2. **A run already on the branch** whose time is more than CLOCK_TOLERANCE_MS after the step's clock (a runner whose
 *    whole clock was ahead wrote it, or a release before this rule did) is set to the newest time of the runs before it
 *    (by sequence number; the step's clock when there is none), with a warning naming it: but only when most of the
 *    branch's runs agree with the step's clock. When most of them are ahead, the step's clock is the one that is
 *    behind: nothing is changed, and the warning says so.
 * 3. **Retention** ages runs out from the oldest of the step's clock, the run's (checked) time and the newest time of
 *    the runs already on the branch (after rule 2). A time ahead therefore drops nothing on its own: neither a clock
 *    ahead (the branch's runs hold it back) nor a branch run ahead (the step's clock holds it back). What it costs: a
 *    run after a long idle period ages out the runs before it one write later than it could.
 *
 * Not protected: a runner whose clock jumped ahead and that writes twice in a row with no run on a right clock in
 * between (to the branch this is time passing: its second write ages out from its first).
 */
import type { History, RunContext, TestHistory } from '../model.ts';
import { LazyHistory } from '../history/stored.ts';
import type { RetentionOptions } from '../history/merge.ts';
import type { RunRow, RunTable } from '../store/history-format.ts';

/** How far after the step's clock a time may be (a report written in a zone east of UTC without its offset: up to 14 h). */
export const CLOCK_TOLERANCE_MS = 86_400_000;
const DAY_MS = 86_400_000;

/** A difference of times for people: "3 hours", "100 days", "75 years". */
export function spanText(ms: number): string {
  const abs = Math.abs(ms);
  const count = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const years = abs / (365.25 * DAY_MS);
  if (!(years < 10_000)) return 'more than 10,000 years';
  if (years >= 2) return count(Math.round(years), 'year');
  if (abs >= DAY_MS) return count(Math.round(abs / DAY_MS), 'day');
  if (abs >= 3_600_000) return count(Math.round(abs / 3_600_000), 'hour');
  return count(Math.round(abs / 60_000), 'minute');
}

/** A time for people: its ISO form when it is a date, else the number. */
export function timeText(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}

export interface CheckedTimes {
  /** The run with its checked time (rule 1). */
  run: RunContext;
  /** The branch's runs with rule 2 applied: the same map when nothing changed. */
  runs: RunTable;
  /** The history with the changed runs' times: the same history when nothing changed. */
  history: History;
  /** The time retention ages runs out from (rule 3). */
  retentionNow: number;
  /** Warnings, each naming the run whose time was changed or doubted. */
  notes: string[];
}

/** The newest time of the runs but `except`, or undefined when there is none. */
function newestTime(runs: RunTable, except: string): number | undefined {
  let newest: number | undefined;
  for (const [key, row] of runs) if (key !== except && (newest === undefined || row.time > newest)) newest = row.time;
  return newest;
}

/** Rule 2: runs on the branch ahead of the step's clock. */
function checkRows(runs: RunTable, clock: number, notes: string[]): Map<string, number> {
  const ahead: Array<[string, RunRow]> = [];
  for (const entry of runs) if (!(entry[1].time <= clock + CLOCK_TOLERANCE_MS)) ahead.push(entry);
  const changed = new Map<string, number>();
  if (ahead.length === 0) return changed;
  const shown = ahead
    .slice(0, 3)
    .map(([key, row]) => `${key} (${timeText(row.time)})`)
    .join(', ');
  const listed = `${shown}${ahead.length > 3 ? ` and ${ahead.length - 3} more` : ''}`;
  const runsText = `${ahead.length === 1 ? 'Run' : 'Runs'} ${listed} on the data branch`;
  const ahead1 = `more than ${spanText(CLOCK_TOLERANCE_MS)} ahead of this step's clock (${timeText(clock)})`;
  if (ahead.length * 2 >= runs.size) {
    notes.push(
      `${ahead.length} of the ${runs.size} runs on the data branch are ${ahead1}: ${listed}. This runner's clock is probably behind: their times are kept, and nothing is aged out from this clock.`,
    );
    return changed;
  }
  // The time of the newest trusted run before each one, in sequence order: the run's place in the order stays.
  const ordered = [...runs].sort((a, b) => a[1].seq - b[1].seq);
  const aheadKeys = new Set(ahead.map(([key]) => key));
  let before: number | undefined;
  for (const [key, row] of ordered) {
    if (!aheadKeys.has(key)) {
      if (before === undefined || row.time > before) before = row.time;
      continue;
    }
    changed.set(key, before ?? clock);
  }
  notes.push(
    `${runsText} ${ahead.length === 1 ? 'is' : 'are'} ${ahead1}, as most of the branch's runs are not: set to the newest time of the runs before ${ahead.length === 1 ? 'it' : 'them'}, so that ${ahead.length === 1 ? 'it ages' : 'they age'} out no other run (the runner's clock was probably ahead).`,
  );
  return changed;
}

/** The history with the runs of `times` (run key → time) at their new times. */
function retimed(history: History, runs: RunTable, times: ReadonlyMap<string, number>): History {
  if (history instanceof LazyHistory) return new LazyHistory(history.stored, runs);
  const out: History = new Map();
  for (const [id, test] of history) {
    if (!test.runs.some((r) => times.has(r.run))) {
      out.set(id, test);
      continue;
    }
    const records = test.runs.map((r) => (times.has(r.run) ? { ...r, time: times.get(r.run)! } : r)).sort((a, b) => a.time - b.time);
    out.set(id, { ...test, runs: records } satisfies TestHistory);
  }
  return out;
}

/** The three rules above, for `run` applied on top of `runs` and `history` by a step whose clock reads `clock`. */
export function checkTimes(run: RunContext, runs: RunTable, history: History, clock: number, retention: RetentionOptions): CheckedTimes {
  const notes: string[] = [];
  const changed = checkRows(runs, clock, notes);
  let table = runs;
  let checkedHistory = history;
  if (changed.size > 0) {
    table = new Map(runs);
    for (const [key, time] of changed) table.set(key, { ...runs.get(key)!, time });
    checkedHistory = retimed(history, table, changed);
  }
  const newest = newestTime(table, run.key);
  const window = retention.maxAgeDays * DAY_MS;
  // Older than the window before the branch's newest run, a run would be aged out by the next write on a right clock.
  const reference = newest ?? clock;
  const floor = reference - window;
  let time = run.time;
  const name = `Run ${run.key} attempt ${run.runAttempt}`;
  if (!Number.isFinite(time)) {
    notes.push(`${name}: its time (${String(time)}) is not a time; it is recorded at this step's clock (${timeText(clock)}).`);
    time = clock;
  } else if (time > clock + CLOCK_TOLERANCE_MS) {
    notes.push(
      `${name}: its time (${timeText(time)}) is ${spanText(time - clock)} ahead of this step's clock (${timeText(clock)}); it is recorded at the step's clock, so that it ages out no other run.`,
    );
    time = clock;
  } else if (time < floor) {
    if (clock >= reference) {
      notes.push(
        `${name}: its time (${timeText(time)}) is ${spanText(clock - time)} before this step's clock (${timeText(clock)}), older than history.max-age-days; it is recorded at the step's clock, so that it is not aged out at once.`,
      );
      time = clock;
    } else {
      // This step's clock is behind the branch too: the branch's newest run is the latest time anything vouches for.
      notes.push(
        `${name}: its time (${timeText(time)}) is ${spanText(reference - time)} before the newest run on the data branch (${timeText(reference)}), older than history.max-age-days, and this step's clock (${timeText(clock)}) is behind that run too; it is recorded at the newest run's time, so that the next write does not age it out at once.`,
      );
      time = reference;
    }
  }
  const retentionNow = Math.min(clock, time, newest ?? time);
  return { run: time === run.time ? run : { ...run, time }, runs: table, history: checkedHistory, retentionNow, notes };
}
