/** splitWords: a command line read as a shell splits a plain command, without a shell (src/text/shell.ts). */
import { describe, expect, it } from 'vitest';
import { shellLine, splitWords } from '../../src/text/shell.ts';

describe('splitWords', () => {
  it('splits on spaces and tabs, keeps quoted text as it is', () => {
    expect(splitWords('jest  --color=true\t--ci')).toEqual({ words: ['jest', '--color=true', '--ci'] });
    expect(splitWords(`mocha --require 'test/support/my env.js' --grep "a \\"b\\" \\\\ c"`)).toEqual({ words: ['mocha', '--require', 'test/support/my env.js', '--grep', 'a "b" \\ c'] });
    expect(splitWords(`pytest -k 'not $slow' a\\ b ''`)).toEqual({ words: ['pytest', '-k', 'not $slow', 'a b', ''] });
    expect(splitWords('x --a=b"c d"e')).toEqual({ words: ['x', '--a=bc de'] });
    expect(splitWords('  ')).toEqual({ words: [] });
  });

  it('refuses what a shell would expand or treat as an operator, unless quoted', () => {
    for (const line of [
      'jest $HOME',
      'jest `id`',
      'jest; rm -rf x',
      'jest && x',
      'jest | x',
      'jest > out',
      'jest < in',
      'jest (x)',
      'mocha test/*.js',
      'x ?',
      'x [a]',
      'x {a,b}',
      'x ~/a',
      'x #comment',
      'x "$HOME"',
      'x "`id`"',
      'a\nb',
    ]) {
      expect(splitWords(line), line).toHaveProperty('error');
    }
    expect(splitWords("mocha 'test/*.js' a~b c#d")).toEqual({ words: ['mocha', 'test/*.js', 'a~b', 'c#d'] });
  });

  it('refuses an unclosed quote or a trailing backslash', () => {
    expect(splitWords("jest 'a")).toEqual({ error: "unclosed ' at character 6" });
    expect(splitWords('jest "a')).toEqual({ error: 'unclosed " at character 6' });
    expect(splitWords('jest a\\')).toHaveProperty('error');
  });

  it('reads back what shellLine writes', () => {
    const argv = ['jest', "it's", 'a b', '--x=$y', '`z`', ''];
    expect(splitWords(shellLine(argv))).toEqual({ words: argv });
  });
});
