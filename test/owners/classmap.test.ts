import { describe, expect, it } from 'vitest';
import { ClassMapError, mapClassname, parseClassMap } from '../../src/owners/classmap.ts';
import { ownersOfTest, parseCodeowners, repositoryPath } from '../../src/owners/index.ts';

describe('codeowners-map: classname → file', () => {
  const rules = parseClassMap(`
    # JVM tests live under src/test/java
    com.acme.legacy.* => legacy/src/test/java/com/acme/legacy/*.java
    com.acme.**       => src/test/java/com/acme/**.java
    tests.*.*         => tests/*.py
    **.*Spec          => specs/**/*Spec.scala
  `);

  it('maps with ** (segments, dots become slashes) and * (one segment, verbatim); the first matching rule wins', () => {
    expect(mapClassname(rules, 'com.acme.cart.CartTest')?.path).toBe('src/test/java/com/acme/cart/CartTest.java');
    expect(mapClassname(rules, 'com.acme.legacy.OldTest')?.path).toBe('legacy/src/test/java/com/acme/legacy/OldTest.java');
    expect(mapClassname(rules, 'com.acme.legacy.deep.OldTest')?.path).toBe('src/test/java/com/acme/legacy/deep/OldTest.java');
    expect(mapClassname(rules, 'tests.test_cart.TestCart')?.path).toBe('tests/test_cart.py');
    expect(mapClassname(rules, 'org.shop.CartSpec')?.path).toBe('specs/org/shop/CartSpec.scala');
    expect(mapClassname(rules, 'org.shop.CartTest')).toBeUndefined();
  });

  it('looks a nested class up as its outer class', () => {
    expect(mapClassname(rules, 'com.acme.cart.CartTest$WhenEmpty')?.path).toBe('src/test/java/com/acme/cart/CartTest.java');
  });

  it('a catch-all template', () => {
    expect(mapClassname(parseClassMap('** => src/test/java/**.java'), 'a.b.C')?.path).toBe('src/test/java/a/b/C.java');
  });

  it('rejects a malformed rule, naming its line', () => {
    expect(() => parseClassMap('com.acme.** src/x')).toThrow(ClassMapError);
    expect(() => parseClassMap('ok.* => a/*.java\ncom.* => a/*/*.java')).toThrow(/line 2: the path template has 2 wildcards/);
    expect(() => parseClassMap('com..x => a')).toThrow(/empty segment/);
    expect(() => parseClassMap('com.a** => a')).toThrow(/whole segment/);
    expect(() => parseClassMap(' => a')).toThrow(/both sides/);
  });
});

describe('the owners of a test', () => {
  const codeowners = parseCodeowners('* @everyone-default\n/src/test/java/com/acme/cart/ @cart-dev @acme/cart-team\n*.test.ts @ts-dev');
  const classMap = parseClassMap('com.acme.** => src/test/java/com/acme/**.java');

  it("prefers the report's file attribute, relative to the workspace", () => {
    const owners = ownersOfTest({ file: '/ws/repo/src/math.test.ts', classname: 'com.acme.cart.CartTest' }, { codeowners, classMap, workspace: '/ws/repo' });
    expect(owners).toMatchObject({ path: 'src/math.test.ts', via: 'file', owners: [{ kind: 'user', login: 'ts-dev' }] });
    expect(owners.rule?.line).toBe(3);
  });

  it('falls back to codeowners-map for the classname', () => {
    const owners = ownersOfTest({ classname: 'com.acme.cart.CartTest' }, { codeowners, classMap, workspace: '/ws' });
    expect(owners.via).toBe('classname');
    expect(owners.path).toBe('src/test/java/com/acme/cart/CartTest.java');
    expect(owners.owners).toEqual([
      { kind: 'user', login: 'cart-dev' },
      { kind: 'team', org: 'acme', slug: 'cart-team' },
    ]);
    expect(owners.mapRule?.from).toBe('com.acme.**');
  });

  it('has no path and no owners when neither gives a file', () => {
    expect(ownersOfTest({ classname: 'org.other.T' }, { codeowners, classMap, workspace: '/ws' })).toEqual({ via: 'none', owners: [] });
  });

  it('ignores a file outside the repository', () => {
    expect(repositoryPath('/elsewhere/x.ts', '/ws')).toBeUndefined();
    expect(repositoryPath('../x.ts', '/ws')).toBeUndefined();
    expect(repositoryPath('./a/../b\\c.ts', '/ws')).toBe('b/c.ts');
  });
});

describe('the inputs', () => {
  it('reads the issue inputs with their defaults, and rejects a malformed codeowners-map naming its line', async () => {
    const { readInputs } = await import('../../src/config/inputs.ts');
    const get = (values: Record<string, string>) => (name: string) => values[name] ?? '';
    expect(readInputs(get({ reports: 'r.xml' }))).toMatchObject({
      createIssues: false,
      issueLabel: 'flaky-test',
      maxIssues: 5,
      issuesDryRun: false,
      closeLiftsQuarantine: true,
      codeownersMap: '',
    });
    expect(() => readInputs(get({ reports: 'r.xml', 'codeowners-map': 'com.acme.** => a/**.java\noops' }))).toThrow(
      "Input 'codeowners-map' line 2: expected 'classname-pattern => path-template', got 'oops'.",
    );
    expect(() => readInputs(get({ reports: 'r.xml', 'issue-label': 'a,b' }))).toThrow(/issue-label/);
    expect(() => readInputs(get({ reports: 'r.xml', 'max-issues': '101' }))).toThrow(/max-issues/);
  });
});
