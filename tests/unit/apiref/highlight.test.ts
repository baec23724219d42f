import type { ElementContent, RootContent } from 'hast';
import { refractor } from 'refractor';
import { describe, expect, it } from 'vitest';
import { highlightCode } from '../../../src/apiref/highlight.ts';
import '../../../src/content/plugins/highlight.ts'; // registers the extra grammars the build uses

/** refractor's own route, through its hast tree: what the API pages showed before (the oracle). */
function viaHast(code: string, lang: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const html = (nodes: ReadonlyArray<RootContent | ElementContent>): string =>
    nodes
      .map((n) =>
        n.type === 'text'
          ? esc(n.value)
          : n.type === 'element'
            ? `<span class="${(n.properties.className as string[]).join(' ')}">${html(n.children)}</span>`
            : '',
      )
      .join('');
  return html(refractor.highlight(code, lang).children);
}

const SAMPLES: Array<[string, string]> = [
  [
    'bash',
    `curl -X POST 'https://api.example.com/v1/orders?expand=items&limit=5' \\\n  -H "Authorization: Bearer $TOKEN" \\\n  --data '{"note": "<b>fragile</b>"}'`,
  ],
  [
    'javascript',
    "const res = await fetch(`${base}/orders`, { method: 'POST', body: JSON.stringify({ a: 1 < 2 }) });\n// done",
  ],
  [
    'python',
    "import requests\nr = requests.post(url, json={'ok': True, 'n': None})  # comment\nprint(f'{r.status_code}')",
  ],
  [
    'php',
    "<?php\n$client = new \\GuzzleHttp\\Client();\n$res = $client->request('GET', \"/orders/{$id}\", ['headers' => ['Accept' => 'application/json']]);\necho $res->getBody();",
  ],
  ['json', '{"id": "ord_1", "total": {"amount": 1250, "currency": "USD"}, "tags": ["a", null, true]}'],
  ['http', 'GET /v1/me HTTP/1.1\nHost: api.example.com\nAuthorization: Bearer x'],
  ['markup', '<a href="/x?a=1&amp;b=2" title="&lt;">link &copy;</a>'],
];

describe('highlightCode (issue 5: code samples highlighted at build time, cheaply)', () => {
  it.each(SAMPLES)('gives the same HTML as refractor’s tree for %s', (lang, code) => {
    expect(highlightCode(code, lang).__html).toBe(viaHast(code, lang));
    expect(highlightCode(code, lang).__html).toContain('<span class="token');
  });

  it('maps the samples’ names to grammars, and escapes unknown languages', () => {
    expect(highlightCode('curl -s https://x', 'curl').__html).toBe(viaHast('curl -s https://x', 'bash'));
    expect(highlightCode('a <b> & c', 'no-such-language').__html).toBe('a &lt;b&gt; &amp; c');
  });
});
