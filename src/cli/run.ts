/**
 * `flakeguard run`: the step's job on any CI. The CI's variables are mapped onto the action's (src/cli/ci-env.ts)
 * and the bundled action itself runs as a child process: one pipeline, the same decisions, the same data branch.
 * Its workflow commands become plain log lines outside GitHub, its outputs and job summary land in files, and its
 * exit code (0 success, 1 failure) is the CLI's.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { runGit } from '../store/git-process.ts';
import { actionEnv, ciFacts, detectCi, eventPayload } from './ci-env.ts';
import { plainLogLines } from './workflow-log.ts';
import { markdownToText } from './terminal.ts';

/** dist/index.js, one folder up from this module's bundled file (dist/chunks/, or dist/cli/); from the sources, the committed build. */
export function actionEntry(): string {
  if (process.env.FLAKEGUARD_ACTION_ENTRY) return process.env.FLAKEGUARD_ACTION_ENTRY;
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'index.js'), join(here, '..', '..', 'dist', 'index.js')];
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
}

/** Reads a GITHUB_OUTPUT file (`name<<delimiter` blocks, or `name=value`). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]!);
      outputs[heredoc[1]!] = value.join('\n');
    } else if (lines[i]!.includes('=')) {
      outputs[lines[i]!.slice(0, lines[i]!.indexOf('='))] = lines[i]!.slice(lines[i]!.indexOf('=') + 1);
    }
  }
  return outputs;
}

export interface RunCommand {
  inputs: Record<string, string>;
  /** Folder for summary.md and outputs.json; default `.flakeguard` in the workspace. */
  outDir?: string;
  printSummary: boolean;
}

async function gitFact(cwd: string, args: string[]): Promise<string> {
  try {
    return (await runGit(cwd, args)).trim();
  } catch {
    return '';
  }
}

export async function runCommand(command: RunCommand, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const ci = detectCi(env);
  const cwd = process.cwd();
  const local = { sha: await gitFact(cwd, ['rev-parse', 'HEAD']), branch: (await gitFact(cwd, ['rev-parse', '--abbrev-ref', 'HEAD'])) || 'main', cwd, now: Date.now() };
  const facts = ciFacts(env, ci, local);
  if (!facts.sha) facts.sha = await gitFact(facts.workspace, ['rev-parse', 'HEAD']);
  const outDir = resolve(facts.workspace, command.outDir ?? '.flakeguard');
  await mkdir(outDir, { recursive: true });
  const temp = await mkdtemp(join(tmpdir(), 'flakeguard-run-'));
  try {
    const files = {
      eventPath: join(temp, 'event.json'),
      outputPath: join(temp, 'output'),
      summaryPath: join(outDir, 'summary.md'),
      runnerTemp: join(temp, 'runner'),
    };
    await mkdir(files.runnerTemp);
    await writeFile(files.eventPath, JSON.stringify(eventPayload(facts)));
    await writeFile(files.outputPath, '');
    await writeFile(files.summaryPath, '');
    const token = env.FLAKEGUARD_TOKEN ?? '';
    const childEnv = actionEnv(env, facts, { ...(token ? { token } : {}), ...command.inputs }, files);
    if (ci !== 'github')
      console.log(
        `flakeguard run on ${ci === 'local' ? 'this machine' : ci}: run ${facts.runId} attempt ${facts.runAttempt}, job '${facts.job}', ${facts.sha.slice(0, 12) || 'no commit'} on ${facts.branch}.`,
      );

    const child = spawn(process.execPath, [actionEntry()], { cwd: facts.workspace, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      // On GitHub the runner reads the commands itself; elsewhere a person does.
      if (ci === 'github') process.stdout.write(`${line}\n`);
      else for (const l of plainLogLines(line)) process.stdout.write(`${l}\n`);
    });
    const code = await new Promise<number>((res) => child.on('close', (c) => res(c ?? 1)));

    const outputs = parseOutputs(await readFile(files.outputPath, 'utf8'));
    await writeFile(join(outDir, 'outputs.json'), `${JSON.stringify(outputs, null, 2)}\n`);
    const summary = await readFile(files.summaryPath, 'utf8');
    if (command.printSummary && summary.trim() !== '' && ci !== 'github') console.log(`\n${markdownToText(summary)}`);
    console.log(`Summary: ${files.summaryPath} (\`flakeguard summary\` shows it again); outputs: ${join(outDir, 'outputs.json')}.`);
    // The action's outcome is its exit code; an action that died without saying one is a failure.
    if (outputs.outcome === 'success' && code === 0) return 0;
    return code === 0 ? 1 : code;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
