import type { SearchUnit } from './units.js';

export interface SyntheticUnitsOptions {
  pages: number;
  /**
   * Running text to draw words from, in order (e.g. the portal's own docs): drawing positions at random
   * keeps the real text's word frequencies, so common words stay common and rare ones rare.
   */
  words: readonly string[];
  seed?: number;
}

/** mulberry32: a small deterministic generator, so every bench run indexes the same corpus. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Search units of a generated site of `pages` pages (issue 7's 10,000-page budget), without building the
 * pages: a title and four to seven sections of 40–250 words each, every tenth page an API operation. Each
 * page also names a few identifiers of its own (`orderWidget4711`), as real reference pages do, so the
 * vocabulary keeps growing with the site instead of saturating.
 */
export function syntheticSearchUnits(o: SyntheticUnitsOptions): SearchUnit[] {
  const next = random(o.seed ?? 7);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const word = () => o.words[Math.floor(next() * o.words.length)] as string;
  const phrase = (n: number) => Array.from({ length: n }, word).join(' ');
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const units: SearchUnit[] = [];
  for (let i = 0; i < o.pages; i++) {
    const page = `/docs/section-${i % 40}/page-${i}`;
    const pageTitle = cap(phrase(int(2, 5)));
    const own = Array.from({ length: 3 }, () => `${word()}${cap(word())}${int(1, 9999)}`);
    if (i % 10 === 0) {
      const resource = `${word()}s`;
      const method = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'][i % 5] as string;
      units.push({
        page,
        pageTitle,
        text: `${cap(phrase(int(20, 80)))}. Parameters: ${own.join(', ')}.`,
        api: `${method} /${resource}/{id}/${own[0]} ${own[1]}`,
        method,
        path: `/${resource}/{id}/${own[0]}`,
      });
      continue;
    }
    units.push({ page, pageTitle, text: `${cap(phrase(int(30, 120)))} ${own[0]}.` });
    const sections = int(4, 7);
    for (let s = 0; s < sections; s++) {
      const heading = cap(phrase(int(1, 4)));
      const text = `${cap(phrase(int(40, 250)))} ${own[s % own.length]}.`;
      units.push({ page, pageTitle, heading, anchor: heading.toLowerCase().replace(/[^a-z0-9]+/g, '-'), text });
    }
  }
  return units;
}
