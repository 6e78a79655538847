/**
 * The modes other than the default `run` (docs/matrix.md, docs/forks.md). Loaded by a dynamic import from
 * action/run.ts only when `mode` asks for one of them (and modes/upload.ts when a run's results could not be saved),
 * so the default path never loads this code, the artifact client or the Azure SDK: no static import of the action
 * reaches modes/ (test/architecture.test.ts).
 */
import type { ModeInputs } from '../config/mode-inputs.ts';

export async function runMode(env: NodeJS.ProcessEnv, modeInputs: ModeInputs): Promise<'success' | 'failure'> {
  switch (modeInputs.mode) {
    case 'upload':
      return (await import('./upload.ts')).uploadMode(env, modeInputs);
    case 'aggregate':
      return (await import('./aggregate.ts')).aggregateMode(env, modeInputs);
    case 'ingest-workflow-run':
      return (await import('./ingest.ts')).ingestWorkflowRunMode(env, modeInputs);
    case 'diagnose':
      return (await import('./diagnose.ts')).diagnoseMode(env);
    case 'run':
      throw new Error('mode run is the default pipeline (action/run.ts)');
  }
}
