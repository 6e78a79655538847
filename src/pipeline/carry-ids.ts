/**
 * History stored under the id a report wrote, carried over to the id it is cleaned to (docs/test-ids.md, "Cleaned
 * ids"; ADR 0446). A test of this run whose id was cleaned (`ParsedTestCase.written`) takes the history, stats line,
 * hand override and hand-written fields stored under its written id, when its clean id has none of them yet: the
 * first run that sees the clean form moves them, and a later run finds them under the clean id (nothing moves twice,
 * no run is counted twice). When the clean id already has a history, it is kept and the written id's is left to age
 * out of the window; an override under the written id still moves when the clean id has none (a person's edit is never
 * lost). Pure: the snapshot is not changed, a new one is returned.
 */
import type { History, TestHistory } from '../model.ts';
import { LazyHistory, type StoredTest } from '../history/stored.ts';
import type { Snapshot } from '../store/snapshot.ts';

/** The moves of one run: clean id by written id, for the tests whose id was cleaned and differs. */
export function idMoves(tests: ReadonlyArray<{ id: string; written?: string }>): Map<string, string> {
  const moves = new Map<string, string>();
  for (const t of tests) if (t.written !== undefined && t.written !== t.id) moves.set(t.written, t.id);
  return moves;
}

/** Re-keys `map`'s entries from written ids to clean ids where the clean id has none; the order of the rest is kept. */
function rekey<V>(map: ReadonlyMap<string, V>, moves: ReadonlyMap<string, string>, fix?: (value: V, id: string) => V): { map: Map<string, V>; moved: number } {
  const out = new Map<string, V>();
  let moved = 0;
  for (const [id, value] of map) {
    const to = moves.get(id);
    if (to !== undefined && !map.has(to)) {
      out.set(to, fix ? fix(value, to) : value);
      moved++;
    } else if (to === undefined || map.has(to)) {
      // Not moved: a written id whose clean id has its own entry keeps its entry (it ages out).
      if (!out.has(id)) out.set(id, value);
    }
  }
  return { map: out, moved };
}

/** The snapshot with the written ids' entries moved to their clean ids, and how many histories moved. */
export function carryIds(snapshot: Snapshot, moves: ReadonlyMap<string, string>): { snapshot: Snapshot; moved: number } {
  if (moves.size === 0) return { snapshot, moved: 0 };
  let any = false;
  for (const id of moves.keys()) if (snapshot.history.has(id) || snapshot.stats.has(id) || snapshot.overrides.has(id)) any = true;
  if (!any) return { snapshot, moved: 0 };
  let history: History;
  let moved: number;
  if (snapshot.history instanceof LazyHistory) {
    const r = rekey<StoredTest>(snapshot.history.stored, moves);
    history = new LazyHistory(r.map, snapshot.history.rows);
    moved = r.moved;
  } else {
    const r = rekey<TestHistory>(snapshot.history, moves, (t, id) => ({ ...t, id }));
    history = r.map;
    moved = r.moved;
  }
  const handWritten = new Set<string>();
  for (const id of snapshot.handWritten) {
    const to = moves.get(id);
    handWritten.add(to !== undefined && !snapshot.stats.has(to) ? to : id);
  }
  const quietLines = new Map(snapshot.quiet.lines);
  for (const id of moves.keys()) quietLines.delete(id);
  // A moved stats line is written to its clean id's own file.
  const misplaced = new Map(snapshot.misplaced);
  for (const [id, to] of moves) if (!snapshot.stats.has(to)) misplaced.delete(id);
  return {
    snapshot: {
      ...snapshot,
      history,
      stats: rekey(snapshot.stats, moves).map,
      handWritten,
      overrides: rekey(snapshot.overrides, moves).map,
      misplaced,
      quiet: { ...snapshot.quiet, lines: quietLines },
    },
    moved,
  };
}
