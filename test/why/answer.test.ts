/**
 * The pure core of `flakeguard why` (src/why/answer.ts) and the owners' issue body built from it: the answer from
 * plain data, the re-run command as the step builds it, and hostile text in the cluster, the diagnosis and the
 * command rendered as text in the issue.
 */
import { describe, expect, it } from 'vitest';
import { historyOf } from '../support/builders.ts';
import { outcomeOf, rerunOf, signaturesOf, whyAnswer, type WhyFacts } from '../../src/why/answer.ts';
import { renderBody, testHash, type RenderContext } from '../../src/github/issue-body.ts';
import { findPreset } from '../../src/rerun/presets/index.ts';
import { shellLine } from '../../src/text/shell.ts';

const CTX: RenderContext = { serverUrl: 'https://github.com', repository: 'octo/project', dataBranch: 'flakeguard-data', closeLifts: true, mentions: true };
const EVIL = 'evil::@everyone <img src=x> [x](http://evil) #12 `rm -rf` --> \u202e';

function facts(extra: Partial<WhyFacts> = {}): WhyFacts {
  const test = { ...historyOf('a.B::c', 'P P P P P P FP FP FP'), file: 'tests/a/b.test.ts', classname: 'a.B', name: 'c' };
  test.runs = test.runs.map((r) => (/F/.test(r.attempts) ? { ...r, message: 'boom @admin' } : r));
  return { id: test.id, dataBranch: 'flakeguard-data', now: Date.parse('2026-11-29T00:00:00Z'), test, statsFile: 'stats/00.json', runs: new Map(), ...extra };
}

describe('whyAnswer', () => {
  it('says none for what the branch does not hold, and counts what it does', () => {
    const a = whyAnswer(facts());
    expect(a.schema).toBe(1);
    expect(a.verdict.state).toBe('not-quarantined');
    expect([a.cluster, a.diagnosis, a.cost, a.owners]).toEqual([null, null, null, null]);
    expect(a.rerun).toEqual({ kind: 'unknown', input: null, why: 'no re-run command known' });
    expect(a.history.kept).toBe(9);
    expect(a.history.runs.map((r) => r.outcome)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed', 'passed', 'flaky', 'flaky', 'flaky']);
    expect(a.signatures).toEqual([expect.objectContaining({ signature: 'boom @admin', count: 3 })]);
    expect(a.onset?.direction).toBe('up');
    expect(whyAnswer(facts({ statsBroken: true })).verdict.state).toBe('unknown');
  });

  it('tells outcomes apart', () => {
    expect(['P', 'FP', 'FF', 'E', 'S', ''].map(outcomeOf)).toEqual(['passed', 'flaky', 'failed', 'failed', 'skipped', 'skipped']);
    expect(signaturesOf([], new Map())).toEqual([]);
  });

  it("builds a preset's command with the preset's own code, and a custom command with the contract's variables", () => {
    const f = facts();
    const jest = findPreset('jest')!;
    const preset = rerunOf(f.test, f.id, { command: 'jest', preset: jest });
    const [step] = jest.commands([{ id: f.id, classname: 'a.B', name: 'c', file: 'tests/a/b.test.ts' }], 'flakeguard-rerun/report.xml', 1);
    expect(preset).toMatchObject({ kind: 'preset', preset: 'jest', argv: [step!.argv] });
    expect(preset.kind === 'preset' && preset.commandLine.endsWith(shellLine(step!.argv))).toBe(true);
    const custom = rerunOf({ ...f.test!, name: "it's" }, f.id, { command: "make test-one ARGS='x'" });
    expect(custom.kind).toBe('command');
    if (custom.kind !== 'command') return;
    expect(JSON.parse(custom.testsLine)).toEqual({ id: f.id, classname: 'a.B', name: "it's", file: 'tests/a/b.test.ts' });
    expect(custom.commandLine).toBe(
      `mkdir -p flakeguard-rerun && printf '%s\\n' '${custom.testsLine.replace(/'/g, `'\\''`)}' > flakeguard-rerun/tests.jsonl && ` +
        `FLAKEGUARD_RERUN_TESTS=flakeguard-rerun/tests.jsonl FLAKEGUARD_RERUN_REPORT=flakeguard-rerun/report.xml FLAKEGUARD_RERUN_ROUND=1 FLAKEGUARD_RERUN_REPEAT=1 bash -c 'make test-one ARGS='\\''x'\\'''`,
    );
    expect(rerunOf(f.test, f.id, { command: 'auto', auto: true }).kind).toBe('unknown');
    expect(rerunOf(f.test, f.id, { missing: 'no rerun input' })).toEqual({ kind: 'unknown', input: null, why: 'no rerun input' });
  });
});

describe("the owners' issue built from the answer", () => {
  it('names the cluster, the diagnosis and the re-run command with hostile text inert', () => {
    const f = facts({
      cluster: { id: 7, members: ['a.B::c', EVIL, 'x::y'], signature: 'connect econnreset #.#.#.#:line', since: 3, last: 9, together: 3 },
      diagnosis: { category: 'order-dependent', at: '2026-11-29T02:00:00Z', evidence: [{ variation: 'full-order', executions: 20, failures: 9, detail: '@admin <b>x</b>' }], polluter: EVIL },
      rerun: { command: `echo '${EVIL}'` },
    });
    const why = whyAnswer(f);
    const body = renderBody(CTX, {
      test: f.test!,
      hash: testHash(f.id),
      quarantined: true,
      reason: 'quarantined',
      pfsTrend: [],
      owners: { via: 'none', owners: [] },
      statsFile: 'stats/00.json',
      meta: {},
      why,
    });
    expect(body).toContain('### Fails together with');
    expect(body).toContain('Cluster 7: 3 tests fail in the same runs with `connect econnreset #.#.#.#:line`, together in 3 runs since run 3');
    expect(body).toContain('### Diagnosis by experiment');
    expect(body).toContain('- full-order (&#64;admin &lt;b&gt;x&lt;/b&gt;): 9 of 20 failed');
    expect(body).toContain('### Re-run it alone');
    expect(body).toContain('### Since when');
    // Nothing from the names pings, links, renders markup or closes the comment markers.
    expect(body).not.toMatch(/@everyone|@admin|<img|<b>|\]\(http:\/\/evil|\u202e/);
    expect(body.match(/-->/g)).toHaveLength(2);
  });
});
