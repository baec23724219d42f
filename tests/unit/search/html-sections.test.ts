import { describe, expect, it } from 'vitest';
import { htmlToText, nextTag, sectionsOfHtml, stripSkipped, type Tag } from '../../../src/search/html-sections.ts';
import { decodeEntities } from '../../../src/html-entities.ts';

// What the scanners must agree with: the tag pattern, and the tag removal and skipped-element removal
// written with it. Indexes of earlier builds were made with these, so a page must give the same text.
const TAG = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*>/g;
const SKIPPED = new Set(['pre', 'script', 'style', 'nav', 'footer', 'button', 'svg', 'template', 'noscript']);
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'kbd',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'wbr',
]);

const tagsByPattern = (html: string): Tag[] =>
  [...html.matchAll(TAG)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    closing: m[1] === '/',
    name: m[2] as string,
  }));

const textByPattern = (html: string): string =>
  decodeEntities(
    html
      .replaceAll('<!-- -->', '')
      .replace(/<\/?([a-zA-Z][\w-]*)\b[^>]*>/g, (_tag, name: string) => (INLINE.has(name.toLowerCase()) ? '' : ' ')),
  )
    .replace(/\s+/g, ' ')
    .trim();

function stripByPattern(html: string): string {
  let out = '';
  let depth = 0;
  let pos = 0;
  for (const m of html.matchAll(TAG)) {
    if (!SKIPPED.has((m[2] as string).toLowerCase()) || m[0].endsWith('/>')) continue;
    if (depth === 0) out += html.slice(pos, m.index);
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    pos = m.index + m[0].length;
  }
  return depth === 0 ? out + html.slice(pos) : out;
}

const tagsByScan = (html: string): Tag[] => {
  const tags: Tag[] = [];
  for (let tag = nextTag(html, 0); tag; tag = nextTag(html, tag.end)) tags.push(tag);
  return tags;
};

/**
 * Seeded strings of tag-like pieces and single characters, malformed ones included (`<pre->`, `<a <pre>`,
 * a `<` never closed): rendered HTML has none of these, but a description or a raw HTML block may.
 */
function samples(count: number, seed: number): string[] {
  const pieces = [
    '<pre>',
    '</pre>',
    '<PRE class="x">',
    '<pre/>',
    '<pre->',
    '</pre-->',
    '<pre_x>',
    '<prefix>',
    '<svg',
    '</svg>',
    '<nav-x>',
    '<Script>',
    '</script>',
    '<a href="#k" class="hash-link">#</a>',
    '<a->',
    '<code-- x>',
    '</b->',
    '<span>',
    '</span>',
    '<h2 id="k&amp;l">',
    '</h2>',
    '<h1>',
    '</h1>',
    '<h3 id="m">',
    '</h3>',
    '<main>',
    '</main>',
    '<!-- -->',
    '&amp;',
    '&nbsp;',
    '&#10;',
    'word',
    'Word',
    'é',
    '𝒳',
  ];
  const chars = ['<', '>', '/', ' ', '\n', '\t', '-', '_', '"', '=', 'a', 'b', 'p', 'r', 'e', 'h', '2', 'x'];
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) >>> 0) / 4294967296;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * 30) }, () => (next() < 0.4 ? pick(pieces) : pick(chars))).join(''),
  );
}

/** The first input on which `ours` and `theirs` differ, with both results; undefined when none does. */
function firstDifference<T>(inputs: readonly string[], ours: (html: string) => T, theirs: (html: string) => T) {
  for (const html of inputs) {
    const [a, b] = [ours(html), theirs(html)];
    if (JSON.stringify(a) !== JSON.stringify(b)) return { html, ours: a, theirs: b };
  }
  return undefined;
}

describe('HTML to search text (issue 7)', () => {
  const inputs = samples(20_000, 7);

  it('finds the tags the tag pattern finds, malformed ones included', () => {
    expect(firstDifference(inputs, tagsByScan, tagsByPattern)).toBeUndefined();
    expect(tagsByScan('<p>x</P-><b>')).toEqual([
      { start: 0, end: 3, closing: false, name: 'p' },
      { start: 4, end: 9, closing: true, name: 'P' },
      { start: 9, end: 12, closing: false, name: 'b' },
    ]);
  });

  it('drops tags and skipped elements as the pattern-based definitions do', () => {
    expect(firstDifference(inputs, htmlToText, textByPattern)).toBeUndefined();
    expect(firstDifference(inputs, stripSkipped, stripByPattern)).toBeUndefined();
  });

  it('leaves out the empty comments React puts between adjacent text nodes', () => {
    expect(htmlToText('<li>Run <code>build</code>.<!-- --> A nested point.</li>')).toBe('Run build. A nested point.');
    expect(sectionsOfHtml('<main><p>4.5<!-- -->:1 contrast</p></main>')).toEqual([{ text: '4.5:1 contrast' }]);
  });

  it('keeps words whole across inline tags, and leaves code, navigation and hash links out', () => {
    const page =
      '<header>Site</header><main><h1>Title</h1><p>Use <code>id</code>s &amp; more<br>lines</p><pre><code><span>secret</span></code></pre><nav>Next</nav><h2 id="a">Setup<a href="#a" class="hash-link">#</a></h2><p>Install.</p></main>';
    expect(sectionsOfHtml(page)).toEqual([
      { text: 'Use ids & more lines' },
      { anchor: 'a', heading: 'Setup', text: 'Install.' },
    ]);
  });
});
