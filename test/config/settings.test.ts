import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../src/config/file-parse.ts';
import { SETTINGS, settingsTable, valueAt } from '../../src/config/settings.ts';
import { DEFAULT_POLICY } from '../../src/policy/quarantine.ts';
import { DEFAULT_RETENTION } from '../../src/history/merge.ts';
import { PROJECT_ROOT } from '../support/action.ts';

const DEFAULTS = { retention: DEFAULT_RETENTION, policy: DEFAULT_POLICY };

describe('every setting of the config file', () => {
  it('is documented in docs/rules.md with its default and origin', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs/rules.md'), 'utf8');
    const table = /<!-- settings-table -->\n([\s\S]*?)\n<!-- \/settings-table -->/.exec(doc)?.[1];
    expect(table).toBe(settingsTable(DEFAULTS));
  });

  it('reaches a default (every target exists), and is read into it from YAML', () => {
    for (const s of SETTINGS) {
      // Optional rules (policy.quarantine) are off unless set: no default to reach.
      if (s.key === 'history.compact-every' || s.shown !== undefined) continue;
      const value = valueAt(DEFAULTS, s.target);
      expect(value, s.key).not.toBeUndefined();
      // Write the default back through the file: the same config comes out.
      const parts = s.key.split('.');
      const yaml = parts.map((p, i) => `${'  '.repeat(i)}${p}:${i === parts.length - 1 ? ` ${JSON.stringify(value)}` : ''}`).join('\n');
      expect(valueAt(parseFileConfig(yaml, 'c.yml'), s.target), s.key).toEqual(value);
    }
  });

  it('sets nested seed parameters without touching the defaults', () => {
    const c = parseFileConfig(
      'policy:\n  rule: multi-factor\n  multi-factor:\n    quarantine-threshold: 0.5\n    weights:\n      intermittency: 0.4\n  pfs:\n    prior-pf: [2, 8]\n  flip-rate:\n    quarantine-tiers: [Chronic]\n    auto-release: false\n',
      'c.yml',
    );
    expect(c.policy.rule).toBe('multi-factor');
    expect(c.policy.rules.scoring.multiFactor.quarantineThreshold).toBe(0.5);
    expect(c.policy.rules.scoring.multiFactor.weights.intermittency).toBe(0.4);
    expect(c.policy.rules.scoring.multiFactor.weights.rerunPassRate).toBe(0.25);
    expect(c.policy.rules.scoring.pfs.priorPf).toEqual([2, 8]);
    expect(c.policy.rules.flipRate).toEqual({ score: 'flip-rate', quarantineTiers: ['Chronic'], autoRelease: false });
    expect(DEFAULT_POLICY.rules.scoring.multiFactor.quarantineThreshold).toBe(0.6);
    expect(DEFAULT_POLICY.rules.flipRate.quarantineTiers).toEqual(['Flaky', 'Chronic']);
  });

  it.each([
    ['policy:\n  pfs:\n    enter-low: 0\n', "line 3: 'policy.pfs.enter-low' must be a number above 0 and at most 1."],
    ['policy:\n  pfs:\n    prior-pf: [1]\n', "line 3: 'policy.pfs.prior-pf' must be a pair [a, b] of numbers above 0 and at most 1000."],
    ['policy:\n  flip-rate:\n    quarantine-tiers: [Flakey]\n', "line 3: 'policy.flip-rate.quarantine-tiers' must be a list of distinct words among Stable, Intermittent, Flaky, Chronic."],
    ['policy:\n  flip-rate:\n    auto-release: yes please\n', "line 3: 'policy.flip-rate.auto-release' must be true or false."],
    ['policy:\n  success-rate:\n    filter: main-only\n', "line 3: 'policy.success-rate.filter' must be one of default-branch-or-successful-job, all."],
    ['policy:\n  multi-factor:\n    weights:\n      speed: 1\n', "line 4: unknown key 'policy.multi-factor.weights.speed' (known: intermittency, rerun-pass-rate"],
    ['policy:\n  thresholded: 3\n', "line 2: 'policy.thresholded' must be a mapping."],
    ['policy:\n  rule: pfs\n  rule: evidence\n', 'is not valid YAML (line 3)'],
  ])('names the file, line and key of %j', (text, message) => {
    expect(() => parseFileConfig(text, 'c.yml')).toThrow(`Config file c.yml${message.startsWith('is not') ? ' ' : ', '}${message}`);
  });

  it('bounds aliases, so a few lines cannot expand without end', () => {
    const bomb = 'a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\npolicy:\n  flip-rate:\n    quarantine-tiers: [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n';
    expect(() => parseFileConfig(bomb, 'c.yml')).toThrow(/Config file c\.yml/);
  });
});
