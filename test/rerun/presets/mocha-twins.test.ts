/**
 * The mocha preset and twins (docs/test-ids.md): a twin is numbered among the testcases of its title in every file,
 * so the preset does not narrow the files for it (mocha loads its configured spec). Pure.
 */
import { describe, expect, it } from 'vitest';
import { mocha } from '../../../src/rerun/presets/js.ts';

const base = { classname: 'should ignore the body', name: 'res when HEAD should ignore the body', suite: 'when HEAD' };

describe('mocha preset: files and twins', () => {
  it('narrows to the files when no test asked for is a twin', () => {
    const [cmd] = mocha.commands([{ ...base, id: `${base.classname}::${base.name}`, file: 'test/res.send.js' }], 'r.xml', 1);
    expect(cmd!.argv.at(-1)).toBe('test/res.send.js');
  });

  it('passes no file when a test asked for is a twin (its id ends in [n], its name does not)', () => {
    const tests = [
      { ...base, id: `${base.classname}::${base.name} [2]`, file: 'test/res.send.js' },
      { ...base, name: 'other', id: `${base.classname}::other`, file: 'test/res.js' },
    ];
    const [cmd] = mocha.commands(tests, 'r.xml', 1);
    expect(cmd!.argv.some((a) => a.startsWith('test/'))).toBe(false);
  });

  it('a name that itself ends in [n] is not a twin', () => {
    const name = 'handles row [2]';
    const [cmd] = mocha.commands([{ ...base, name, id: `${base.classname}::${name}`, file: 'test/rows.js' }], 'r.xml', 1);
    expect(cmd!.argv.at(-1)).toBe('test/rows.js');
  });
});
