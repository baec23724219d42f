import { describe, expect, it } from 'vitest';
import { utf8Concat } from '../../../src/output/utf8.ts';

// Every API operation's page and data chunk is written through utf8Concat: any byte it gets wrong is a wrong byte
// in the output.
describe('utf8Concat', () => {
  const page = `<main><p>${'In the currency minor unit. '.repeat(2000)}</p></main>`;
  const cases: Record<string, string[]> = {
    'no parts': [],
    'empty parts': ['', '', ''],
    ASCII: ['<head>', page, '</html>'],
    'Latin-1 (é, non-breaking space)': ['<title>café</title>', `${page}\u00a0`, ''],
    'a typographic quote in a long page': ['<head>', `${page}currency’s${page}`, '</html>'],
    'emoji (pairs of surrogates)': ['a😀b', page, '🎉'],
    'lone surrogates (replaced as Node does)': [`x\ud800y${page}`, '\udc00z\ud83d'],
    'control characters and NUL': ['\0\x01\t', page, '\x7f\x80'],
  };
  for (const [name, parts] of Object.entries(cases))
    it(`gives the bytes of the joined text: ${name}`, () => {
      expect(utf8Concat(parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
    });
});
