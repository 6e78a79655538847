import { describe, expect, it } from 'vitest';
import { MAX_CLAIMS, MAX_ID_CHARS, MAX_TEXT_CHARS, readClaims } from '../../src/rerun/fix-claims.ts';

const body = (text: string) => [{ text, where: "the pull request's body" }];

describe('readClaims', () => {
  it('reads a claim alone on its line, in any case, bulleted, quoted or in backticks', () => {
    const { claims, refused } = readClaims(
      body(['Fixes the race.', '', 'flakeguard: fix a.test.ts::adds', '- FlakeGuard: Fix `b.test.ts::with spaces and :: colons`', '> flakeguard:fix c::d', '\tflakeguard: fix e::f  '].join('\r\n')),
    );
    expect(refused).toEqual([]);
    expect(claims.map((c) => c.id)).toEqual(['a.test.ts::adds', 'b.test.ts::with spaces and :: colons', 'c::d', 'e::f']);
    expect(claims[0]!.where).toBe("the pull request's body");
  });

  it('ignores the keyword inside a sentence, without an id, or without "fix"', () => {
    const { claims } = readClaims(body(['we should flakeguard: fix x::y later', 'flakeguard: fix', 'flakeguard: fix ``', 'flakeguard: fixes x::y', 'flakeguard x::y'].join('\n')));
    expect(claims).toEqual([]);
  });

  it('takes the first claim of an id, with where it was written', () => {
    const { claims } = readClaims([
      { text: 'flakeguard: fix x::y', where: 'commit 0123456789ab' },
      { text: 'flakeguard: fix x::y\nflakeguard: fix z::w', where: "the pull request's body" },
    ]);
    expect(claims).toEqual([
      { id: 'x::y', where: 'commit 0123456789ab' },
      { id: 'z::w', where: "the pull request's body" },
    ]);
  });

  it('bounds hostile input: long ids refused, at most MAX_CLAIMS, each text read up to MAX_TEXT_CHARS', () => {
    const long = readClaims(body(`flakeguard: fix ${'a'.repeat(MAX_ID_CHARS + 1)}`));
    expect(long.claims).toEqual([]);
    expect(long.refused[0]).toMatch(/1001 characters, over 1000/);

    const many = readClaims(body(Array.from({ length: MAX_CLAIMS + 5 }, (_, i) => `flakeguard: fix t${i}`).join('\n')));
    expect(many.claims).toHaveLength(MAX_CLAIMS);
    expect(many.refused).toEqual([`more than ${MAX_CLAIMS} fix claims: the ones after the first ${MAX_CLAIMS} are not verified`]);

    const late = readClaims(body(`${'x'.repeat(MAX_TEXT_CHARS)}\nflakeguard: fix late::one`));
    expect(late.claims).toEqual([]);
  });

  it('keeps markup and mentions in an id as raw text for the callers to escape', () => {
    const { claims } = readClaims(body('flakeguard: fix <img src=x>::@org/team ::set-output name=x::1'));
    expect(claims[0]!.id).toBe('<img src=x>::@org/team ::set-output name=x::1');
  });
});
