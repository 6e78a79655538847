/**
 * `flakeguard org --repos URL|PATH,... --out DIR [--dashboard-url TEMPLATE] [--no-database] [--require-all]`: the
 * org build (src/org/build.ts, docs/org.md). Paths are the caller's (relative to this folder); a repository that
 * cannot be read is named in the output and on the page, and the exit code says whether any was left out.
 */
import { isAbsolute, resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { buildOrg, type OrgBuildResult } from '../org/build.ts';
import { DatabaseUnavailable } from '../org/database.ts';
import { isRemoteUrl } from './data.ts';
import { listedRepo } from '../org/listed.ts';
import { CliError } from './override.ts';

export interface OrgCommand {
  repos: readonly string[];
  out: string | undefined;
  branch: string;
  token: string;
  dashboardUrl?: string;
  database: boolean;
  requireAll: boolean;
  cwd: string;
  now: number;
  log: (message: string) => void;
}

/**
 * The repositories of `--repos` (repeatable; each a comma- or newline-separated list; `@FILE` reads one a line from
 * FILE, `#` starting a comment), each `URL|PATH` or `NAME=URL|PATH` (src/org/listed.ts): URLs as given, paths made
 * absolute, a given name kept.
 */
export async function repoList(values: readonly string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const value of values) {
    const text = value.startsWith('@')
      ? await readFile(resolve(cwd, value.slice(1)), 'utf8').catch(() => {
          throw new CliError(`--repos ${value}: cannot read ${resolve(cwd, value.slice(1))}.`);
        })
      : value;
    for (const raw of text.split(/[,\n]/)) {
      const entry = raw.replace(/#.*$/, '').trim();
      if (!entry) continue;
      if (entry.startsWith('-')) throw new CliError(`--repos: '${entry}' is not a repository (a URL or a path cannot start with '-').`);
      const listed = listedRepo(entry);
      const { source } = listed;
      if (!source) throw new CliError(`--repos: '${entry}' names a repository but gives no URL or path after '='.`);
      if (source.startsWith('-')) throw new CliError(`--repos: '${entry}' is not a repository (a URL or a path cannot start with '-').`);
      const where = isRemoteUrl(source) || isAbsolute(source) ? source : resolve(cwd, source);
      out.push(listed.named ? `${listed.name}=${where}` : where);
    }
  }
  return out;
}

export async function orgCommand(command: OrgCommand): Promise<{ result: OrgBuildResult; exitCode: number }> {
  if (!command.out) throw new CliError('flakeguard org needs --out DIR (the folder the page, the tables and the database are written into).');
  const sources = await repoList(command.repos, command.cwd);
  if (sources.length === 0) throw new CliError('flakeguard org needs --repos URL|PATH,... (the repositories whose data branches to read).');
  let result: OrgBuildResult;
  try {
    result = await buildOrg({
      sources,
      out: resolve(command.cwd, command.out),
      branch: command.branch,
      token: command.token,
      ...(command.dashboardUrl ? { dashboardUrl: command.dashboardUrl } : {}),
      database: command.database,
      cwd: command.cwd,
      now: command.now,
      log: command.log,
    });
  } catch (error) {
    if (error instanceof DatabaseUnavailable) throw new CliError(error.message);
    throw error;
  }
  const { model } = result;
  const exitCode = model.repos.length === 0 || (command.requireAll && model.missing.length > 0) ? 1 : 0;
  return { result, exitCode };
}
