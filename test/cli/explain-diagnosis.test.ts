import { describe, expect, it } from 'vitest';
import { explainTest } from '../../src/cli/explain.ts';
import { emptySnapshot } from '../../src/store/snapshot.ts';
import { historyOf } from '../support/builders.ts';
import { diagnosisOfTest } from '../../src/diagnose/show.ts';
import { DIAGNOSES_FILE, renderDiagnoses, type Diagnosis } from '../../src/diagnose/format.ts';

const diagnosis: Diagnosis = {
  category: 'order-dependent',
  at: '2026-11-29T03:00:00.000Z',
  sha: 'abcdef1234567',
  polluter: 'app::adds \u001b[31man item',
  evidence: [
    { variation: 'rest', executions: 8, failures: 0 },
    { variation: 'file', executions: 8, failures: 8 },
  ],
};

describe('flakeguard explain with a diagnosis', () => {
  it('shows the category, the sentence, the counts and the polluter, from diagnoses.json', () => {
    const snapshot = emptySnapshot();
    snapshot.history.set('app::victim', historyOf('app::victim', 'P FP'));
    const files = new Map([[DIAGNOSES_FILE, renderDiagnoses({ tests: new Map([['app::victim', diagnosis]]) })]]);
    const text = explainTest(snapshot, 'app::victim', { dataBranch: 'flakeguard-data', now: Date.UTC(2026, 11, 1), diagnosis: (id) => diagnosisOfTest(files, id) });
    expect(text).toContain('Diagnosis by experiment (2026-11-29T03:00:00.000Z, abcdef1234): order-dependent: file failed 8 of 8, rest 0 of 8 (p = 7.8e-5 < 0.0017); polluter: app::adds');
    expect(text).toContain('  Counts (failed/executions): rest 0/8 · file 8/8.');
    expect(text).not.toContain('\u001b');
    const none = explainTest(snapshot, 'app::victim', { dataBranch: 'flakeguard-data', now: Date.UTC(2026, 11, 1), diagnosis: () => undefined });
    expect(none).not.toContain('Diagnosis');
  });
});
