import {
  foldedLine
} from "./shared-store-sync.js";

// src/report/store-line.ts
var WORDS = {
  run: { saved: "History saved", parked: "History parked", readOnly: "Read-only run:", notSaved: "The history was NOT saved", parkedUntil: "The results are parked" },
  ingestion: { saved: "Saved", parked: "Parked", readOnly: "Read-only:", notSaved: "The results were NOT saved", parkedUntil: "They are parked" }
};
function storeLine(sync, branch, of = "run") {
  const s = sync.status;
  const w = WORDS[of];
  switch (s.kind) {
    case "pushed": {
      const compacted = s.compacted && of === "run" ? "; the branch was compacted to this one commit" : "";
      return `${w.saved} to ${branch} at ${s.commit.slice(0, 12)}${s.tries > 1 ? ` (after ${s.tries} tries)` : ""}${compacted}.${foldedLine(s.folded)}`;
    }
    case "unchanged":
      return (sync.applied.ingested ? `Nothing new to save on ${branch}.` : `These results were already in the history of ${branch}; counted once.`) + foldedLine(s.folded);
    case "parked":
      return `${w.parked} on ${s.ref} (${s.reason}): the next run that writes ${branch} folds it in, exactly once.`;
    case "read-only":
      return `${w.readOnly} the history of ${branch} was read but not written.`;
    case "not-saved":
      return `${w.notSaved} to ${branch}: ${s.reason}${s.parked ? ` ${w.parkedUntil} on ${s.parked} until then.` : ""}${s.kept ? ` This run's results are kept in the artifact ${s.kept} for a trusted run of mode: ingest-workflow-run to save (docs/forks.md); nothing blocks, so the job passes.` : ""}`;
  }
}

export {
  storeLine
};
