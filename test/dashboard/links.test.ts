import { describe, expect, it } from 'vitest';
import { dashboardTestUrl, testHref } from '../../src/dashboard/links.ts';

describe('dashboardTestUrl', () => {
  it("is the page's own route of the test after the dashboard's address", () => {
    expect(dashboardTestUrl('https://octo.github.io/project/', 'app.Cart::total')).toBe(`https://octo.github.io/project/${testHref('app.Cart::total')}`);
    expect(dashboardTestUrl('https://octo.github.io/project/index.html#/tests', 'a')).toBe('https://octo.github.io/project/index.html#/test/a');
  });

  it('encodes every character a Markdown link or the route could act on, and the page decodes it back', () => {
    const id = "x::a (b) [c](d) 'e'! *f* #g <h> @i";
    const url = dashboardTestUrl('https://example.com/d/', id)!;
    const tail = url.slice(url.indexOf('#/test/') + '#/test/'.length);
    expect(tail).toMatch(/^[A-Za-z0-9%._~-]+$/);
    expect(decodeURIComponent(tail)).toBe(id);
  });

  it('is undefined for an address that is not http(s)', () => {
    expect(dashboardTestUrl('javascript:alert(1)', 'a')).toBeUndefined();
    expect(dashboardTestUrl('not a url', 'a')).toBeUndefined();
  });
});
