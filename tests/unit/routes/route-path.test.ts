import { describe, expect, it } from 'vitest';
import { pathProblem, routePathProblem } from '../../../src/routes/route-path.ts';
import { capName, slugify } from '../../../src/routes/slug.ts';
import { kebab } from '../../../src/apiref/slugs.ts';

describe('generated names (issue 14)', () => {
  it('keeps names of up to 80 characters as they are', () => {
    const name = 'a'.repeat(80);
    expect(capName(name)).toBe(name);
    expect(slugify('Getting Started')).toBe('getting-started');
  });
  it('cuts a long name at a word and adds a hash of the whole name, so names alike at the start still differ', () => {
    const a = kebab(`List ${'all the things '.repeat(400)}`);
    const b = kebab(`List ${'all the things '.repeat(400)}again`);
    expect(a.length).toBeLessThanOrEqual(80);
    expect(a).toMatch(/^list-all-the-things-(.+-)?[0-9a-f]{8}$/);
    expect(a).not.toMatch(/-thi-|-th-/);
    expect(a).not.toBe(b);
    expect(kebab(`List ${'all the things '.repeat(400)}`)).toBe(a);
  });
  it('caps names in scripts of several bytes a character under 160 bytes', () => {
    const name = capName('日本語の見出し'.repeat(30));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(160);
    expect(name).toMatch(/^日本語/);
  });
});

describe('paths that may be written (issue 20 item 2)', () => {
  it('accepts plain paths', () => {
    expect(routePathProblem('/docs/themes/intro')).toBeUndefined();
    expect(routePathProblem('/docs/api/create-an-order')).toBeUndefined();
    expect(routePathProblem('/')).toBeUndefined();
  });
  it.each([
    ['/docs/../../../../escaped-page', /"\.\."/],
    ['/docs/./x', /"\.\."/],
    ['/docs/a\u0007b', /control character/],
    ['/docs/a\nb', /control character/],
    ['/docs/a\\..\\b', /backslash/],
    ['/docs/CON', /Windows reserves/],
    ['/docs/nul.txt', /Windows reserves/],
    ['/docs/com1', /Windows reserves/],
    ['/docs/Lpt9/x', /Windows reserves/],
    [`/docs/${'x'.repeat(196)}`, /196 bytes long; the limit is 195/],
  ])('refuses %j', (p, reason) => {
    expect(routePathProblem(p)).toMatch(reason);
  });
  it('accepts names that only start like reserved ones, and file names up to 199 bytes', () => {
    expect(routePathProblem('/docs/console/connection')).toBeUndefined();
    expect(pathProblem(`docs/${'x'.repeat(194)}.html`)).toBeUndefined();
    expect(pathProblem(`docs/${'x'.repeat(195)}.html`)).toMatch(/200 bytes/);
  });
});
