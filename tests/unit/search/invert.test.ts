import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { invertUnits, type IndexedUnit } from '../../../src/search/invert.ts';
import { processTerm, SEARCH_FIELDS, tokenizeField } from '../../../templates/shared/search-terms.ts';

/** Seeded units of words, camelCase identifiers, paths, punctuation and odd whitespace, repeated as real text repeats. */
function sampleUnits(count: number, seed: number): IndexedUnit[] {
  const words = [
    'invoice',
    'Invoices',
    'the',
    'a',
    'emailConsent',
    'HTMLParser',
    'getOrder',
    '/orders/{orderId}',
    '/v1/customers/{id}/',
    'order.',
    '(id)',
    'x',
    'ÉCOLE',
    'straße',
    'İstanbul',
    '𝒳y',
    '—',
    'a_b',
    'v2',
    '{}',
    'GET',
    'DELETE',
  ];
  const spaces = [' ', ' ', ' ', '  ', '\t', '\n', '\u00a0', ''];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) >>> 0) / 4294967296;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const text = (n: number) => Array.from({ length: Math.floor(next() * n) }, () => pick(words) + pick(spaces)).join('');
  return Array.from({ length: count }, (_, i) => ({
    title: `Page ${i >> 2} ${text(4)}`,
    ...(next() < 0.6 ? { heading: text(5) } : {}),
    text: text(40),
    ...(next() < 0.3 ? { api: `${pick(['GET', 'POST'])} ${pick(words)} ${text(3)}` } : {}),
  }));
}

const sorted = (tokens: string[]) => [...tokens].sort();

describe('search index counting (issue 7)', () => {
  const units = sampleUnits(400, 11);

  it('relies on no token spanning a space: a field is tokenized a word at a time', () => {
    for (const unit of units) {
      for (const field of SEARCH_FIELDS) {
        const value = unit[field];
        if (value == null) continue;
        expect(sorted(value.split(' ').flatMap((piece) => tokenizeField(piece, field)))).toEqual(
          sorted(tokenizeField(value, field)),
        );
      }
    }
  });

  it('counts what MiniSearch counts on text with repeated words, odd whitespace and API paths', () => {
    const mini = new MiniSearch<{ id: number }>({ fields: [...SEARCH_FIELDS], tokenize: tokenizeField, processTerm });
    mini.addAll(units.map((u, id) => ({ id, ...u })));
    const js = mini.toJSON();
    const ours = invertUnits(units);
    const asMini = [...ours.terms].map(([term, fields]) => [
      term,
      Object.fromEntries(
        fields.flatMap((p, f) =>
          p ? [[String(f), Object.fromEntries(p.ids.map((id, i) => [String(id), p.freqs[i]]))]] : [],
        ),
      ),
    ]);
    expect(new Map(asMini as Array<[string, unknown]>)).toEqual(new Map(js.index));
    expect(ours.fieldLength.map((l) => SEARCH_FIELDS.map((_, f) => l[f] ?? null))).toEqual(
      Object.values(js.fieldLength).map((l) => SEARCH_FIELDS.map((_, f) => l[f] ?? null)),
    );
    expect(ours.averageFieldLength).toEqual(js.averageFieldLength);
  });
});
