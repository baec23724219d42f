import { describe, expect, it } from 'vitest';
import { highlight, markedWords, snippet } from '../../../templates/search/highlight.ts';
import { queryTerms, shardKeyOf } from '../../../templates/shared/search-terms.ts';

const marked = (text: string, words: string[]) =>
  highlight(text, words)
    .map((s) => (s.mark ? `[${s.text}]` : s.text))
    .join('');

describe('search terms and highlighting (issue 7)', () => {
  it('turns a query into terms: stop words and single letters out, a path also as one term', () => {
    expect(queryTerms('How to DELETE a customer')).toEqual(['delete', 'customer']);
    expect(queryTerms('/orders/{orderId}')).toEqual(['/orders/{}', 'orders', 'orderid']);
  });

  it('files a term under its first two letters, or three in a split group', () => {
    expect(shardKeyOf('invoice', new Set())).toBe('in');
    expect(shardKeyOf('invoice', new Set(['in']))).toBe('inv');
    expect(shardKeyOf('id', new Set(['id']))).toBe('id');
  });

  it('marks words where a word or camelCase part starts, whatever the case, longest first', () => {
    expect(marked('Invoices and reinvoice; emailConsent', markedWords(['invoice', 'consent']))).toBe(
      '[Invoice]s and reinvoice; email[Consent]',
    );
    expect(marked('GET /orders/{id}', markedWords(['/orders/{}', 'id']))).toBe('GET /[orders]/{[id]}');
    expect(marked('no match here', [])).toBe('no match here');
  });

  it('shows the passage around the first match, with ellipses where text is left out', () => {
    const text = `${'Lead words come first. '.repeat(10)}Then the invoice appears here, followed by ${'more text after it. '.repeat(10)}`;
    const s = snippet(text, ['invoice'], 100);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('invoice appears');
    expect(s.length).toBeLessThanOrEqual(102);
    expect(snippet('Short text.', ['zzz'])).toBe('Short text.');
  });
});
