/**
 * The `flakeguard` command as a person first meets it: the bundled dist/cli/index.js under Node 24, as a child
 * process, asked for help, for its version, and given mistyped commands and options. No data branch is needed: each
 * answer comes before any git work.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE24, PROJECT_ROOT } from '../support/action.ts';

const CLI = join(PROJECT_ROOT, 'dist/cli/index.js');

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], entry = CLI): Promise<CliRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LANG: 'C.UTF-8' };
  const child = spawn(NODE24, [entry, ...args], { cwd: tmpdir(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, stdout, stderr })));
}

const COMMANDS = ['explain', 'quarantine', 'release', 'run', 'summary', 'export', 'org', 'mcp'] as const;

describe('flakeguard --help and help <command>', () => {
  it('the global help lists each command on one line, and says how to get a command help', async () => {
    const r = await cli(['--help']);
    expect(r.code, r.stderr).toBe(0);
    for (const command of COMMANDS) expect(r.stdout, command).toMatch(new RegExp(`^  ${command}\\b.*\\S$`, 'm'));
    // One line each: no continuation lines of option lists.
    expect(r.stdout).not.toContain('--cells');
    expect(r.stdout).toContain('flakeguard <command> --help');
    expect(r.stdout.split('\n').length).toBeLessThan(25);
    expect((await cli(['help'])).stdout).toBe(r.stdout);
  });

  it("each command's --help, -h and `help <command>` print that command's usage, options and an example", async () => {
    const texts = new Map<string, string>();
    for (const command of COMMANDS) {
      const r = await cli([command, '--help']);
      expect(r.code, `${command}: ${r.stderr}`).toBe(0);
      expect(r.stdout, command).toMatch(new RegExp(`^Usage: flakeguard ${command}\\b`, 'm'));
      expect(r.stdout, command).toMatch(/^Options:$/m);
      expect(r.stdout, command).toMatch(new RegExp(`^Example:\\n  flakeguard ${command}\\b`, 'm'));
      expect((await cli(['help', command])).stdout, command).toBe(r.stdout);
      expect((await cli([command, '-h'])).stdout, command).toBe(r.stdout);
      texts.set(command, r.stdout);
    }
    expect(new Set(texts.values()).size).toBe(COMMANDS.length);
    expect(texts.get('quarantine')).toMatch(/^ {2}--cells CELL\b/m);
    expect(texts.get('quarantine')).toMatch(/^ {2}--match TEXT\b/m);
    expect(texts.get('quarantine')).toMatch(/^ {2}-y, --yes\b/m);
    expect(texts.get('quarantine')).toMatch(/^ {2}--dry-run\b/m);
    expect(texts.get('release')).toMatch(/^ {2}--auto\b/m);
    expect(texts.get('release')).not.toContain('--cells');
    expect(texts.get('explain')).toMatch(/^ {2}--runs N\b/m);
    expect(texts.get('explain')).not.toContain('--until');
    expect(texts.get('run')).toMatch(/^ {2}--reports GLOB\b/m);
    expect(texts.get('org')).toMatch(/^ {2}--repos\b/m);
    expect(texts.get('mcp')).toMatch(/^ {2}--allow-writes\b/m);
  });

  it('help wins over the rest of the line, even a mistyped option', async () => {
    const r = await cli(['quarantine', 'x', '--untill', '2099-01-01', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: flakeguard quarantine\b/m);
  });
});

describe('flakeguard --version', () => {
  it('prints the version of package.json, built into the bundle (a copy of dist/ alone says it too)', async () => {
    const { version } = JSON.parse(await readFile(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const args of [['--version'], ['-V'], ['version']]) {
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toBe(`flakeguard ${version}\n`);
    }
    const away = await mkdtemp(join(tmpdir(), 'flakeguard-version-'));
    try {
      await cp(join(PROJECT_ROOT, 'dist'), join(away, 'dist'), { recursive: true });
      expect((await cli(['--version'], join(away, 'dist/cli/index.js'))).stdout).toBe(`flakeguard ${version}\n`);
    } finally {
      await rm(away, { recursive: true, force: true });
    }
  });
});

describe('mistyped commands and options', () => {
  const expectShortUsageError = (r: CliRun): void => {
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // One error line and one pointer to the help: never Node's own message, never the whole usage.
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr).not.toMatch(/To specify a positional argument|ERR_PARSE_ARGS|Usage:/);
  };

  it('a mistyped command is answered with the nearest command', async () => {
    const r = await cli(['qurantine', 'x']);
    expectShortUsageError(r);
    expect(r.stderr).toBe("flakeguard: unknown command 'qurantine'. Did you mean 'quarantine'?\nRun `flakeguard --help` for the commands.\n");
    const far = await cli(['frobnicate']);
    expectShortUsageError(far);
    expect(far.stderr).toContain("flakeguard: unknown command 'frobnicate'.\n");
    const help = await cli(['help', 'exlpain']);
    expectShortUsageError(help);
    expect(help.stderr).toContain("Did you mean 'explain'?");
  });

  it("a mistyped option is answered with the nearest option of that command, and points to that command's help", async () => {
    const r = await cli(['explain', 'x', '--remot', 'origin']);
    expectShortUsageError(r);
    expect(r.stderr).toBe('flakeguard explain: unknown option --remot. Did you mean --remote?\nRun `flakeguard explain --help` for its options.\n');
    const branch = await cli(['quarantine', 'x', '--data-brnach', 'b']);
    expectShortUsageError(branch);
    expect(branch.stderr).toContain('Did you mean --data-branch?');
    const dry = await cli(['release', 'x', '--dryrun']);
    expectShortUsageError(dry);
    expect(dry.stderr).toContain('Did you mean --dry-run?');
    // An option of another command is named as such.
    const other = await cli(['explain', 'x', '--until', '2099-01-01']);
    expectShortUsageError(other);
    expect(other.stderr).toContain('flakeguard explain: --until is an option of quarantine and release, not of explain.');
    const short = await cli(['explain', '-x']);
    expectShortUsageError(short);
    expect(short.stderr).toContain('flakeguard explain: unknown option -x.');
  });

  it('an option without its value, or a value given to a switch, says so in one line', async () => {
    const missing = await cli(['explain', 'x', '--remote']);
    expectShortUsageError(missing);
    expect(missing.stderr).toContain('flakeguard explain: --remote needs a value (--remote URL|PATH).');
    const swallowed = await cli(['quarantine', 'x', '--reason', '--yes']);
    expectShortUsageError(swallowed);
    expect(swallowed.stderr).toContain("flakeguard quarantine: --reason needs a value (--reason TEXT); a value starting with '-' is written --reason=-…");
    const switched = await cli(['release', 'x', '--auto=yes']);
    expectShortUsageError(switched);
    expect(switched.stderr).toContain('flakeguard release: --auto takes no value.');
  });

  it('no command at all prints the global help on stderr and exits 2', async () => {
    const r = await cli([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('flakeguard <command> --help');
  });
});
