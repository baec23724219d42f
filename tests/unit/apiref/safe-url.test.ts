import { describe, expect, it } from 'vitest';
import { safeDocumentUrl } from '../../../src/apiref/safe-url.ts';
import { urlScheme } from '../../../src/routes/url-scheme.ts';

// issue 8: URLs from the OpenAPI document become hrefs only when a browser would not run them as script.

describe('safeDocumentUrl', () => {
  it.each([
    ['https://example.com/docs', 'https://example.com/docs'],
    ['HTTP://example.com', 'HTTP://example.com'],
    ['mailto:api@example.com', 'mailto:api@example.com'],
    ['/docs/intro', '/docs/intro'],
    ['../guide#part', '../guide#part'],
    ['#section', '#section'],
    ['  https://example.com  ', 'https://example.com'],
  ])('keeps %j', (url, kept) => {
    expect(safeDocumentUrl(url)).toBe(kept);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'x:y',
    '',
    '   ',
  ])('drops %j', (url) => {
    expect(safeDocumentUrl(url)).toBeUndefined();
  });

  it('drops what is not a string', () => {
    expect(safeDocumentUrl(42)).toBeUndefined();
    expect(safeDocumentUrl({ url: 'https://x' })).toBeUndefined();
  });
});

describe('urlScheme', () => {
  it('reads the scheme the way a browser does', () => {
    expect(urlScheme(' \tJava\tScript:x')).toBe('javascript');
    expect(urlScheme('https://x')).toBe('https');
    expect(urlScheme('/docs')).toBeUndefined();
    expect(urlScheme('docs/a:b')).toBeUndefined();
  });
});
