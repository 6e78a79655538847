/**
 * CODEOWNERS as GitHub reads it, checked against the example file of GitHub's "About code owners" page
 * (docs.github.com → Repositories → Customizing your repository → About code owners) and what its comments say
 * each line matches.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEOWNERS_MAX_BYTES, compilePattern, findCodeowners, ownerText, ownersOf, parseCodeowners, type Codeowners } from '../../src/owners/codeowners.ts';

/** The example CODEOWNERS file of GitHub's docs, verbatim. */
const GITHUB_EXAMPLE = `# This is a comment.
# Each line is a file pattern followed by one or more owners.

# These owners will be the default owners for everything in
# the repo. Unless a later match takes precedence,
# @global-owner1 and @global-owner2 will be requested for
# review when someone opens a pull request.
*       @global-owner1 @global-owner2

# Order is important; the last matching pattern takes the most
# precedence. When someone opens a pull request that only
# modifies JS files, only @js-owner and not the global
# owner(s) will be requested for a review.
*.js    @js-owner #This is an inline comment.

# You can also use email addresses if you prefer. They'll be
# used to look up users just like we do for commit author
# emails.
*.go docs@example.com

# Teams can be specified as code owners as well. Teams should
# be identified in the format @org/team-name. Teams must have
# explicit write access to the repository. In this example,
# the octocats team in the octo-org organization owns all .txt files.
*.txt @octo-org/octocats

# In this example, @doctocat owns any files in the build/logs
# directory at the root of the repository and any of its
# subdirectories.
/build/logs/ @doctocat

# The \`docs/*\` pattern will match files like
# \`docs/getting-started.md\` but not further nested files like
# \`docs/build-app/troubleshooting.md\`.
docs/*  docs@example.com

# In this example, @octocat owns any file in an apps directory
# anywhere in your repository.
apps/ @octocat

# In this example, @doctocat owns any file in the \`/docs\`
# directory in the root of your repository and any of its
# subdirectories.
/docs/ @doctocat

# In this example, any change inside the \`/scripts\` directory
# will require approval from @doctocat or @octocat.
/scripts/ @doctocat @octocat

# In this example, @octocat owns any file in a \`/logs\` directory such as
# \`/build/logs\`, \`/scripts/logs\`, and \`/deeply/nested/logs\`. Any changes
# in a \`/logs\` directory will require approval from @octocat.
**/logs @octocat

# In this example, @octocat owns any file in the \`/apps\`
# directory in the root of your repository except for the \`/apps/github\`
# subdirectory, as this subdirectory has its own owner @doctocat
/apps/ @octocat
/apps/github @doctocat

# In this example, @octocat owns any file in the \`/apps\`
# directory in the root of your repository except for the \`/apps/github\`
# subdirectory, as this subdirectory has no owners (due to the lack of an owner)
/apps/ @octocat
/apps/github
`;

function owners(co: Codeowners, path: string): string[] {
  return ownersOf(co, path).owners.map(ownerText);
}

/** One example line on its own, as the docs explain it. */
function single(line: string): Codeowners {
  return parseCodeowners(line);
}

describe("GitHub's example CODEOWNERS, line by line", () => {
  it('reads the whole example without problems, owners of each kind, ignoring comments and the inline comment', () => {
    const co = parseCodeowners(GITHUB_EXAMPLE, '.github/CODEOWNERS');
    expect(co.problems).toEqual([]);
    expect(co.rules.map((r) => r.pattern)).toEqual([
      '*',
      '*.js',
      '*.go',
      '*.txt',
      '/build/logs/',
      'docs/*',
      'apps/',
      '/docs/',
      '/scripts/',
      '**/logs',
      '/apps/',
      '/apps/github',
      '/apps/',
      '/apps/github',
    ]);
    expect(co.rules[1]!.owners).toEqual([{ kind: 'user', login: 'js-owner' }]);
    expect(co.rules[2]!.owners).toEqual([{ kind: 'email', address: 'docs@example.com' }]);
    expect(co.rules[3]!.owners).toEqual([{ kind: 'team', org: 'octo-org', slug: 'octocats' }]);
    expect(co.rules[13]!.owners).toEqual([]);
    expect(co.rules[0]!.line).toBe(8);
  });

  it('`*` makes @global-owner1 and @global-owner2 the default owners of everything', () => {
    const co = single('*       @global-owner1 @global-owner2');
    for (const path of ['README.md', 'src/app.ts', 'a/b/c/d.txt', '.github/workflows/ci.yml']) {
      expect(owners(co, path)).toEqual(['@global-owner1', '@global-owner2']);
    }
  });

  it('`*.js @js-owner`: only @js-owner, not the global owners, for JS files (the last match wins)', () => {
    const co = parseCodeowners('*       @global-owner1 @global-owner2\n*.js    @js-owner #This is an inline comment.');
    expect(owners(co, 'index.js')).toEqual(['@js-owner']);
    expect(owners(co, 'src/deep/widget.js')).toEqual(['@js-owner']);
    expect(owners(co, 'src/widget.ts')).toEqual(['@global-owner1', '@global-owner2']);
    expect(owners(co, 'src/widget.jsx')).toEqual(['@global-owner1', '@global-owner2']);
  });

  it('`*.go docs@example.com`: an email address as owner', () => {
    const co = single('*.go docs@example.com');
    expect(owners(co, 'cmd/main.go')).toEqual(['docs@example.com']);
    expect(owners(co, 'main.rs')).toEqual([]);
  });

  it('`*.txt @octo-org/octocats`: the octocats team of octo-org owns all .txt files', () => {
    const co = single('*.txt @octo-org/octocats');
    expect(ownersOf(co, 'notes/todo.txt').owners).toEqual([{ kind: 'team', org: 'octo-org', slug: 'octocats' }]);
    expect(owners(co, 'todo.txt')).toEqual(['@octo-org/octocats']);
  });

  it('`/build/logs/ @doctocat`: any file in build/logs at the root and any of its subdirectories', () => {
    const co = single('/build/logs/ @doctocat');
    expect(owners(co, 'build/logs/out.log')).toEqual(['@doctocat']);
    expect(owners(co, 'build/logs/2026/01/out.log')).toEqual(['@doctocat']);
    expect(owners(co, 'src/build/logs/out.log')).toEqual([]);
    expect(owners(co, 'build/logs')).toEqual([]);
    expect(owners(co, 'build/logsx/out.log')).toEqual([]);
  });

  it('`docs/*`: matches docs/getting-started.md but not docs/build-app/troubleshooting.md', () => {
    const co = single('docs/*  docs@example.com');
    expect(owners(co, 'docs/getting-started.md')).toEqual(['docs@example.com']);
    expect(owners(co, 'docs/build-app/troubleshooting.md')).toEqual([]);
    // A slash inside the pattern anchors it at the root.
    expect(owners(co, 'src/docs/getting-started.md')).toEqual([]);
  });

  it('`apps/ @octocat`: any file in an apps directory anywhere in the repository', () => {
    const co = single('apps/ @octocat');
    expect(owners(co, 'apps/web/index.ts')).toEqual(['@octocat']);
    expect(owners(co, 'services/apps/api/main.go')).toEqual(['@octocat']);
    expect(owners(co, 'apps')).toEqual([]);
    expect(owners(co, 'myapps/x.ts')).toEqual([]);
  });

  it('`/docs/ @doctocat`: any file in /docs at the root and its subdirectories', () => {
    const co = single('/docs/ @doctocat');
    expect(owners(co, 'docs/getting-started.md')).toEqual(['@doctocat']);
    expect(owners(co, 'docs/build-app/troubleshooting.md')).toEqual(['@doctocat']);
    expect(owners(co, 'src/docs/x.md')).toEqual([]);
  });

  it('`/scripts/ @doctocat @octocat`: both own any change inside /scripts', () => {
    const co = single('/scripts/ @doctocat @octocat');
    expect(owners(co, 'scripts/release.sh')).toEqual(['@doctocat', '@octocat']);
    expect(owners(co, 'scripts/ci/lint.sh')).toEqual(['@doctocat', '@octocat']);
    expect(owners(co, 'tools/scripts/x.sh')).toEqual([]);
  });

  it('`**/logs @octocat`: any file in a logs directory such as /build/logs, /scripts/logs and /deeply/nested/logs', () => {
    const co = single('**/logs @octocat');
    for (const path of ['build/logs/a.log', 'scripts/logs/b.log', 'deeply/nested/logs/c.log', 'logs/d.log']) {
      expect(owners(co, path), path).toEqual(['@octocat']);
    }
    expect(owners(co, 'build/catalogs/a.log')).toEqual([]);
  });

  it('`/apps/ @octocat` + `/apps/github @doctocat`: the subdirectory has its own owner', () => {
    const co = parseCodeowners('/apps/ @octocat\n/apps/github @doctocat');
    expect(owners(co, 'apps/web/index.ts')).toEqual(['@octocat']);
    expect(owners(co, 'apps/github/hook.rb')).toEqual(['@doctocat']);
    expect(owners(co, 'apps/github')).toEqual(['@doctocat']);
    expect(owners(co, 'apps/githubber/x.rb')).toEqual(['@octocat']);
  });

  it('`/apps/ @octocat` + `/apps/github` (no owner): the subdirectory has no owners', () => {
    const co = parseCodeowners('/apps/ @octocat\n/apps/github');
    expect(owners(co, 'apps/web/index.ts')).toEqual(['@octocat']);
    const unowned = ownersOf(co, 'apps/github/hook.rb');
    expect(unowned.owners).toEqual([]);
    expect(unowned.rule?.pattern).toBe('/apps/github');
  });

  it('the whole example: the last matching line decides', () => {
    const co = parseCodeowners(GITHUB_EXAMPLE);
    expect(owners(co, 'README.md')).toEqual(['@global-owner1', '@global-owner2']);
    expect(owners(co, 'src/app.js')).toEqual(['@js-owner']);
    expect(owners(co, 'main.go')).toEqual(['docs@example.com']);
    expect(owners(co, 'notes.txt')).toEqual(['@octo-org/octocats']);
    // build/logs matches /build/logs/ and the later **/logs: @octocat wins.
    expect(owners(co, 'build/logs/out.txt')).toEqual(['@octocat']);
    // docs/* then /docs/: @doctocat wins for both levels.
    expect(owners(co, 'docs/getting-started.md')).toEqual(['@doctocat']);
    expect(owners(co, 'docs/build-app/troubleshooting.md')).toEqual(['@doctocat']);
    expect(owners(co, 'scripts/x.sh')).toEqual(['@doctocat', '@octocat']);
    expect(owners(co, 'services/apps/api.ts')).toEqual(['@octocat']);
    expect(owners(co, 'apps/github/hook.rb')).toEqual([]);
    expect(ownersOf(co, 'apps/github/hook.rb').rule?.line).toBe(GITHUB_EXAMPLE.split('\n').indexOf('/apps/github') + 1);
  });
});

describe("GitHub's documented differences from gitignore", () => {
  it('skips `!` negation, `[ ]` ranges and a `\\#` escape, and says why with the line', () => {
    const co = parseCodeowners('* @all\n!*.md @nobody\n*.[ch] @c-owner\n\\#notes.md @hash\nsrc/ @src');
    expect(co.rules.map((r) => r.pattern)).toEqual(['*', 'src/']);
    expect(co.problems.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(co.problems[0]!.message).toMatch(/negation/);
    expect(co.problems[1]!.message).toMatch(/character ranges/);
    expect(co.problems[2]!.message).toMatch(/leading '#'/);
    expect(owners(co, 'README.md')).toEqual(['@all']);
    expect(owners(co, 'main.c')).toEqual(['@all']);
    expect(owners(co, '#notes.md')).toEqual(['@all']);
  });

  it('a line starting with # is a comment, even with owners after it', () => {
    const co = parseCodeowners('#docs/ @nobody\n  # indented comment\n* @all');
    expect(co.rules).toHaveLength(1);
    expect(co.problems).toEqual([]);
  });

  it('skips a line with an owner that is not @user, @org/team or an email', () => {
    const co = parseCodeowners('* @all\n*.js @ok not-an-owner\n*.ts @org/team/extra');
    expect(co.rules.map((r) => r.pattern)).toEqual(['*']);
    expect(co.problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it('paths are case sensitive', () => {
    const co = single('/Docs/ @doctocat');
    expect(owners(co, 'Docs/a.md')).toEqual(['@doctocat']);
    expect(owners(co, 'docs/a.md')).toEqual([]);
  });
});

describe('gitignore-style patterns', () => {
  const cases: Array<[string, Record<string, boolean>]> = [
    ['foo', { foo: true, 'foo/bar': true, 'bar/foo': true, 'bar/foo/baz': true, 'foo.txt': false, 'bar/baz': false }],
    ['/foo', { foo: true, 'foo/bar': true, 'bar/foo': false, 'fool.txt': false }],
    ['foo/', { foo: false, 'foo/bar': true, 'bar/foo/baz': true }],
    ['foo/bar', { 'foo/bar': true, 'foo/bar/baz': true, 'baz/foo/bar': false, 'foo/bart': false }],
    ['/*', { foo: true, 'foo/bar': false }],
    ['f?o', { foo: true, fo: false, fooo: false, 'x/fao': true }],
    ['foo/*.txt', { 'foo/a.txt': true, 'foo/b/a.txt': false, 'x/foo/a.txt': false }],
    ['foo/**/bar', { 'foo/bar': true, 'foo/x/y/bar': true, 'foo/x/bar/z': true, 'x/foo/bar': false }],
    ['foo/bar/**', { 'foo/bar': false, 'foo/bar/baz': true, 'foo/bar/baz/qux': true }],
    ['**/*.test.ts', { 'a.test.ts': true, 'src/a/b.test.ts': true, 'src/a/b.ts': false }],
    ['src/**/*.java', { 'src/A.java': true, 'src/com/acme/A.java': true, 'test/A.java': false }],
    ['path\\ with\\ spaces/', { 'path with spaces/a': true, 'x/path with spaces/b': true, 'path/a': false }],
    ['/', { a: false }],
  ];
  for (const [pattern, paths] of cases) {
    it(`'${pattern}'`, () => {
      const regex = compilePattern(pattern.replace(/\\ /g, '\\ '));
      for (const [path, expected] of Object.entries(paths)) expect(regex.test(path), `${pattern} vs ${path}`).toBe(expected);
    });
  }

  it('strips a leading ./ or / from the path looked up', () => {
    const co = single('/src/ @a');
    expect(owners(co, './src/x.ts')).toEqual(['@a']);
    expect(owners(co, '/src/x.ts')).toEqual(['@a']);
  });
});

describe('finding the file', () => {
  it("uses GitHub's order: .github/, then the root, then docs/; the first found wins", async () => {
    const ws = await mkdtemp(join(tmpdir(), 'fg-owners-'));
    try {
      expect(await findCodeowners(ws)).toBeUndefined();
      await mkdir(join(ws, 'docs'));
      await writeFile(join(ws, 'docs/CODEOWNERS'), '* @from-docs\n');
      expect(await findCodeowners(ws)).toMatchObject({ path: 'docs/CODEOWNERS' });
      await writeFile(join(ws, 'CODEOWNERS'), '* @from-root\n');
      expect(await findCodeowners(ws)).toMatchObject({ path: 'CODEOWNERS' });
      await mkdir(join(ws, '.github'));
      await writeFile(join(ws, '.github/CODEOWNERS'), '* @from-github\n');
      const found = (await findCodeowners(ws)) as Codeowners;
      expect(found.path).toBe('.github/CODEOWNERS');
      expect(owners(found, 'x')).toEqual(['@from-github']);
    } finally {
      await rm(ws, { recursive: true, force: true });
    }
  });

  it('does not load a file of 3 MB or more, as GitHub does not', async () => {
    const ws = await mkdtemp(join(tmpdir(), 'fg-owners-'));
    try {
      await writeFile(join(ws, 'CODEOWNERS'), `* @a\n${'#'.repeat(CODEOWNERS_MAX_BYTES)}\n`);
      expect(await findCodeowners(ws)).toEqual({ path: 'CODEOWNERS', tooLarge: true });
    } finally {
      await rm(ws, { recursive: true, force: true });
    }
  });
});
