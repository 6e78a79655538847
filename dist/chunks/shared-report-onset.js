import {
  NO_CHANGE,
  changeSentence,
  latestChange
} from "./shared-onset-changepoint.js";
import {
  mdText,
  plainText
} from "./shared-text-escape.js";

// src/report/onset.ts
var SHA = /^[0-9a-f]{7,64}$/i;
var TOUCHING_SHOWN = 10;
var short = (sha) => sha.slice(0, 7);
var plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function rangeOf(c) {
  return [c.base ?? c.shas[0] ?? c.first.sha, c.head ?? c.last.sha];
}
function commitMd(links, sha) {
  const text = mdText(short(sha), 10);
  return links.repoUrl && SHA.test(sha) ? `[${text}](${links.repoUrl}/commit/${sha})` : `\`${text.replace(/`/g, "")}\``;
}
function headline(c, md) {
  const [from, to] = rangeOf(c);
  const span = from === to ? md(to) : `${md(from)}\u2026${md(to)}`;
  return c.direction === "up" ? `Flaky since ${span}` : `Failing less since ${span}`;
}
function onsetMarkdown(onset, commits, links) {
  const c = latestChange(onset);
  if (!c) {
    return [
      `${NO_CHANGE[0].toUpperCase()}${NO_CHANGE.slice(1)} in the ${plural(onset.runs, "run")} kept (${plural(onset.failures, "failure")}): the failures are spread as one steady rate would spread them, or are too few to tell when they began.`
    ];
  }
  const lines = [];
  const sentence = changeSentence(c, links.run);
  const down = c.direction === "down" ? " Nobody said it was fixed: if a change fixed it, say which one here (closing this issue as completed lifts the quarantine when it applies)." : "";
  lines.push(`**${headline(c, (sha) => commitMd(links, sha))}**: its ${sentence}.${down}`);
  const more = commitLines(c, commits, links);
  if (more.length > 0) lines.push("", ...more);
  const earlier = onset.changes.slice(0, -1);
  if (earlier.length > 0) {
    lines.push(
      "",
      `Earlier: ${earlier.map((e) => `${e.direction === "up" ? "rose" : "fell"} at about run ${links.run(e.at)} (${headline(e, (sha) => commitMd(links, sha)).replace(/^\S+ \S+ since /, "")})`).join("; ")}.`
    );
  }
  return lines;
}
function commitLines(c, commits, links) {
  if (c.base === void 0 || c.head === void 0) {
    return [
      `The runs around that range are not on the default branch, so its commits are only those the runs tested: ${c.shas.slice(0, 10).map((s) => commitMd(links, s)).join(", ")}.`
    ];
  }
  if (!commits) return [];
  if ("skipped" in commits) return [`Which commits of that range touched the test's folder is not known: ${mdText(commits.skipped, 400)}.`];
  const folder = commits.folder === "" ? "the repository" : mdText(commits.folder, 200);
  const n = `${commits.commits.length}${commits.more ? "+" : ""}`;
  const lines = [];
  if (commits.touching) {
    const t = commits.touching;
    lines.push(`${n} commit${n === "1" ? "" : "s"} in that range; ${t.length === 0 ? `none touched ${folder}` : `${t.length} touched ${folder}:`}`);
    for (const x of t.slice(0, TOUCHING_SHOWN))
      lines.push(
        `- ${commitMd(links, x.sha)} ${mdText(x.subject, 120)}${x.files.length > 0 ? ` (${x.files.slice(0, 5).map((f) => mdText(f, 120)).join(", ")}${x.files.length > 5 ? ", \u2026" : ""})` : ""}`
      );
    if (t.length > TOUCHING_SHOWN) lines.push(`- and ${t.length - TOUCHING_SHOWN} more`);
  } else {
    const files = commits.changed ?? [];
    lines.push(
      `${n} commits in that range; ${files.length === 0 ? `none touched ${folder}` : `${folder} changed in it (${files.slice(0, 5).map((f) => mdText(f, 120)).join(", ")}${files.length > 5 ? ", \u2026" : ""}), by which of them the API was not asked: the range is long`}.`
    );
  }
  return lines;
}
function onsetPlain(onset, commits, runName) {
  const t = (s, max = 300) => plainText(s, max, true);
  const c = latestChange(onset);
  if (!c) return [`Since when: ${NO_CHANGE} in the ${plural(onset.runs, "run")} kept (${plural(onset.failures, "failure")}).`];
  const lines = [
    `Since when: ${headline(c, (sha) => t(short(sha), 10)).toLowerCase()}: ${t(
      changeSentence(c, (r) => runName(r)),
      600
    )}.`
  ];
  if (c.base !== void 0 && c.head !== void 0 && commits) {
    if ("skipped" in commits) lines.push(`  Commits of that range: not known (${t(commits.skipped, 400)}).`);
    else {
      const folder = commits.folder === "" ? "the repository" : t(commits.folder, 200);
      const touching = commits.touching;
      lines.push(
        `  ${commits.commits.length}${commits.more ? "+" : ""} commits in that range (${t(short(c.base), 10)}..${t(short(c.head), 10)}); ${touching ? `${touching.length} touched ${folder}` : `${folder} ${commits.changed?.length ? "changed" : "unchanged"}`}.`
      );
      for (const x of (touching ?? []).slice(0, TOUCHING_SHOWN)) lines.push(`    ${t(short(x.sha), 10)} ${t(x.subject, 120)}`);
    }
  }
  return lines;
}

export {
  onsetMarkdown,
  onsetPlain
};
