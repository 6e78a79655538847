/**
 * `flakeguard why <test> [--json]` (docs/why.md): one test's answer (src/why/) as terminal text for people, or as
 * one JSON document for programs and coding agents. `whyText` is pure; `whyCommand` is the adapter: it reads the
 * branch, the workspace's CODEOWNERS, its git (the commits of the onset's range) and its workflows (the `rerun` input).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { plainText } from '../text/escape.ts';
import { onsetPlain } from '../report/onset.ts';
import { minutesText, priceText } from '../cost/index.ts';
import type { Snapshot } from '../store/snapshot.ts';
import { whyAnswer, CATEGORY_WORDS, evidenceWords, type WhyAnswer, type WhyFacts } from '../why/answer.ts';
import { whyFactsOf } from '../why/branch.ts';
import { CliError, findTests, shownId } from './override.ts';

const t = (untrusted: unknown, max = 300): string => plainText(String(untrusted), max, true);
const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const f2 = (x: number | null): string => (x === null ? '—' : x.toFixed(2));

/** The answer as terminal text: every stored string escaped (control and direction characters shown, not obeyed). */
export function whyText(a: WhyAnswer): string {
  const out: string[] = [t(a.test.id, 1000), ''];
  const seqOf = new Map(a.history.runs.map((r) => [r.run, r.seq]));
  const runName = (r: { run: string }): string => {
    const seq = seqOf.get(r.run) ?? (a.onset && r.run === a.onset.runs.first ? a.onset.runs.firstSeq : a.onset && r.run === a.onset.runs.last ? a.onset.runs.lastSeq : null);
    return seq !== null && seq !== undefined ? `#${seq}` : t(r.run, 60);
  };

  const v = a.verdict;
  out.push('Verdict');
  const since = v.since ? ` since ${t(v.since, 40)}` : '';
  out.push(`  State: ${v.state === 'quarantined' ? `QUARANTINED${since}` : v.state === 'not-quarantined' ? `not quarantined${since}` : 'unknown: its stats file is broken'}.`);
  if (v.reason) out.push(`  Why: ${t(v.reason, 600)}.`);
  if (v.override) {
    const o = v.override;
    const details = [o.reason ? `reason: ${t(o.reason)}` : '', o.until ? `until ${t(o.until, 40)}` : '', o.cells ? `cells ${t(o.cells.join('; '), 200)}` : ''].filter(Boolean).join(', ');
    out.push(`  Hand override: "${o.action}"${details ? ` (${details})` : ''}${o.lapsed ? ' — LAPSED: the policy decides again' : ''}.`);
  }
  const s = v.scores;
  const scores = [
    s.pfs ? `PFS ${f2(s.pfs.value)}${s.pfs.low !== null && s.pfs.high !== null ? ` [${f2(s.pfs.low)}, ${f2(s.pfs.high)}]` : ''}` : '',
    s.tier ? `tier ${t(s.tier, 20)}` : '',
    s.score !== null ? `score ${f2(s.score)}` : '',
    s.flipRate !== null ? `flip rate ${f2(s.flipRate)}` : '',
    s.successRate !== null ? `success rate ${f2(s.successRate)}` : '',
  ].filter(Boolean);
  if (scores.length > 0) out.push(`  Scores: ${scores.join(' · ')}.`);
  for (const d of v.decisions.slice(-5)) out.push(`  Run #${d.run} (${t(d.at.slice(0, 16).replace('T', ' '), 20)}): ${t(d.event, 30)} by ${d.by}: ${t(d.reason, 300)}`);
  if (v.issue !== null) out.push(`  Owners' issue: #${v.issue}.`);

  out.push('', 'Cluster');
  if (a.cluster) {
    const c = a.cluster;
    out.push(
      `  Cluster ${c.id}: ${plural(c.size, 'test')} that fail in the same runs${c.signature ? `, with \`${t(c.signature, 200)}\`` : ''}; together in ${plural(c.together, 'run')}, since run #${c.since} (last #${c.last}).`,
    );
    for (const m of c.others.slice(0, 20)) out.push(`    ${t(m, 300)}`);
    if (c.others.length > 20) out.push(`    …and ${c.others.length - 20} more`);
  } else out.push('  None: it does not fail in the same runs as other tests.');

  out.push('', 'Onset');
  if (a.onset) out.push(...onsetPlain(a.onset.detail, a.onset.commits ?? undefined, runName).map((l) => `  ${l.replace(/^Since when: /, '')}`));
  else out.push(`  No change in rate found in the ${plural(a.rate.runs, 'run')} kept (${plural(a.rate.failures, 'failure')}).`);

  out.push('', 'Diagnosis');
  if (a.diagnosis) {
    const d = a.diagnosis;
    out.push(`  ${CATEGORY_WORDS[d.category] ?? t(d.category, 40)} (experiment of ${t(d.at.slice(0, 16).replace('T', ' '), 20)}${d.sha ? ` on ${t(d.sha.slice(0, 10), 10)}` : ''}).`);
    if (d.polluter !== undefined) out.push(`  Polluter: ${t(d.polluter, 300)}`);
    for (const e of d.evidence) out.push(`    ${t(evidenceWords(e), 300)}`);
  } else out.push('  None yet: `mode: diagnose` has not run this test (docs/diagnose.md).');

  out.push('', 'Cost');
  if (a.cost) {
    const c = a.cost;
    out.push(
      `  ${minutesText(c.costSec)} of CI time: ${plural(c.rerunExecutions, 're-run execution')} (${minutesText(c.rerunSec)}), ${plural(c.handReruns, 'red run')} re-run by hand (${minutesText(c.handRerunSec)}); the costliest but ${c.rank - 1} of ${plural(c.of, 'test')} that cost CI time.`.replace(
        'the costliest but 0 of',
        'the costliest of',
      ),
    );
    if (c.price !== null) out.push(`  At ${c.perMinute} per minute: ${priceText(c.price)}.`);
    if (c.savedRuns > 0) out.push(`  Re-runs spared ${plural(c.savedRuns, 'red run')} a re-run by hand: ${minutesText(c.savedSec)} saved.`);
  } else out.push('  None: it cost no CI time in the runs kept.');

  out.push('', 'To fix it');
  const o = a.owners;
  out.push(`  File: ${a.test.file ? t(a.test.file, 300) : o?.path ? t(o.path, 300) : 'unknown (the report gives none)'}${a.test.line !== null ? `:${a.test.line}` : ''}`);
  if (o) out.push(`  Owners: ${o.owners.length > 0 ? o.owners.map((x) => t(x, 120)).join(', ') : 'none found'}${o.rule && o.codeowners ? ` (${t(o.codeowners, 60)} line ${o.rule.line})` : ''}`);
  const r = a.rerun;
  if (r.kind === 'unknown') out.push(`  Re-run: not known (${t(r.why, 300)}).`);
  else
    out.push(
      `  Re-run it alone (${r.kind === 'preset' ? `preset ${t(r.preset, 40)}` : 'the custom command'}; control characters shown escaped, --json has the exact line):`,
      `    ${t(r.commandLine, 4000)}`,
    );
  if (a.signatures.length > 0) {
    out.push('  Failure signatures (normalised messages), most frequent first:');
    for (const g of a.signatures) out.push(`    ${g.count}×  ${g.signature ? t(g.signature, 200) : '(no message)'}  (last: run ${g.lastSeq !== null ? `#${g.lastSeq}` : t(g.lastRun, 60)})`);
  }
  out.push(`  History (${plural(a.history.kept, 'run')} kept; the last ${a.history.runs.length}, newest last):`);
  for (const h of a.history.runs) {
    out.push(
      `    run ${h.seq !== null ? `#${h.seq}` : t(h.run, 60)}  ${h.time.slice(0, 16).replace('T', ' ')}  ${t(h.sha.slice(0, 10), 10)}  ${h.outcome} (${t(h.attempts, 20)})${h.durationSec !== null ? `  ${h.durationSec.toFixed(1)} s` : ''}${h.outage ? '  (outage)' : ''}${h.message ? `: ${t(h.message, 160)}` : ''}`,
    );
  }
  for (const n of a.notes) out.push(`note: ${t(n, 400)}`);
  return `${out.join('\n')}\n`;
}

/** The `rerun:` inputs written in the workspace's workflows for a flakeguard step (`uses: …flakeguard…`). */
export function rerunInputsOfWorkflow(text: string): string[] {
  if (!/uses:\s*\S*flakeguard/i.test(text)) return [];
  const lines = text.split(/\r?\n/);
  const found: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)rerun:\s*(.*?)\s*$/.exec(lines[i]!);
    if (!m) continue;
    let value = m[2]!.replace(/\s+#.*$/, '');
    if (/^[|>][-+]?$/.test(value)) {
      const body: string[] = [];
      for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || lines[j]!.search(/\S/) > m[1]!.length); j++) body.push(lines[j]!.trim());
      value = body.join(value.startsWith('>') ? ' ' : '\n').trim();
    } else if (/^'.*'$/.test(value)) value = value.slice(1, -1).replace(/''/g, "'");
    else if (/^".*"$/.test(value)) value = JSON.parse(value) as string;
    if (value !== '') found.push(value);
  }
  return found;
}

async function workflowRerun(cwd: string): Promise<{ command: string } | { missing: string }> {
  const dir = join(cwd, '.github/workflows');
  const names = await readdir(dir).catch(() => [] as string[]);
  const values = new Set<string>();
  for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) for (const v of rerunInputsOfWorkflow(await readFile(join(dir, name), 'utf8').catch(() => ''))) values.add(v);
  if (values.size === 1) return { command: [...values][0]! };
  if (values.size === 0) return { missing: 'no `rerun:` input in .github/workflows/ here: give --rerun PRESET|COMMAND' };
  return { missing: `the workflows here set ${values.size} different \`rerun:\` inputs: give the one to use with --rerun` };
}

/** The one test a person's words name (exact id, else the only id containing them), or a clear refusal. */
export function pickTest(snapshot: Snapshot, query: string): string {
  const found = findTests(snapshot, query);
  if (found.length === 1) return found[0]!;
  const total = new Set([...snapshot.stats.keys(), ...snapshot.history.keys(), ...snapshot.overrides.keys()]).size;
  if (found.length === 0) throw new CliError(`No test on the data branch matches '${shownId(query)}' (exactly, or as a part of its id; ${plural(total, 'test')} there).`);
  const listed = found
    .slice(0, 10)
    .map((id) => `  ${shownId(id)}`)
    .join('\n');
  throw new CliError(`'${shownId(query)}' is part of ${found.length} test ids; give one in full:\n${listed}${found.length > 10 ? `\n  …and ${found.length - 10} more` : ''}`);
}

export interface WhyCommandOptions {
  remote?: string;
  branch: string;
  token: string;
  cwd: string;
  now: number;
  runs?: number;
  rerun?: string;
}

export async function whyCommand(query: string, options: WhyCommandOptions): Promise<WhyAnswer> {
  const { readDataBranch, statsLineOf, onsetCommitsOf } = await import('./data.ts');
  const { snapshot, files, head } = await readDataBranch(options);
  const id = pickTest(snapshot, query);
  const test = snapshot.history.get(id);
  const { findCodeowners, ownersOfTest } = await import('../owners/index.ts');
  const found = await findCodeowners(options.cwd).catch(() => undefined);
  const codeowners = found && !('tooLarge' in found) ? found : undefined;
  const owners = ownersOfTest({ classname: test?.classname ?? '', ...(test?.file ? { file: test.file } : {}) }, { classMap: [], workspace: options.cwd, ...(codeowners ? { codeowners } : {}) });
  const commits = test ? await onsetCommitsOf(test, options.cwd) : undefined;
  const raw = options.rerun !== undefined ? { command: options.rerun } : await workflowRerun(options.cwd);
  let rerun: WhyFacts['rerun'] = raw;
  if ('command' in raw) {
    const { choosePreset } = await import('../rerun/rerun-inputs.ts');
    try {
      rerun = { command: raw.command, ...choosePreset(raw.command) };
    } catch (error) {
      rerun = { missing: error instanceof Error ? error.message : String(error) };
    }
  }
  const facts = whyFactsOf(snapshot, files, id, {
    dataBranch: options.branch,
    head,
    now: options.now,
    owners,
    ...(codeowners ? { codeownersPath: codeowners.path } : {}),
    ...(commits ? { commits } : {}),
    rerun,
    ...(statsLineOf(files, snapshot, id) !== undefined ? { statsLine: statsLineOf(files, snapshot, id)! } : {}),
    ...(options.runs !== undefined ? { historyRuns: options.runs } : {}),
  });
  return whyAnswer(facts);
}
