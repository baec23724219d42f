import { describe, expect, it } from 'vitest';
import { highlightCode } from '../../../src/apiref/highlight.ts';
import { startSampleHighlighter } from '../../../src/apiref/highlight-pool.ts';

// A large document's code samples are highlighted on a worker thread: the pages must not tell which.
describe('startSampleHighlighter', () => {
  const samples = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const body = `{"amount": ${i}, "note": "café ’${i}’ <b>&</b>"}`;
      const forms = [
        { lang: 'curl', code: `curl -X POST 'https://api.example.com/orders/${i}' \\\n  --data '${body}'` },
        {
          lang: 'javascript',
          code: `await fetch('https://api.example.com/orders/${i}', { body: JSON.stringify(${body}) });`,
        },
        { lang: 'python', code: `requests.post("https://api.example.com/orders/${i}", json=${body})` },
        { lang: 'php', code: `<?php\n$client->post('/orders/${i}', ['json' => '${body}']);` },
        { lang: 'no-such-language', code: `<script>${i}</script>` },
      ];
      return forms[i % forms.length] as { lang: string; code: string };
    });

  it('gives a large document the same HTML as highlighting each sample at once, filled in when done', async () => {
    const all = samples(2_600);
    const highlighter = await startSampleHighlighter(all.length);
    const made = all.map((s) => highlighter.highlight(s.code, s.lang));
    await highlighter.done();
    all.forEach((s, i) => {
      expect(made[i]?.__html).toBe(highlightCode(s.code, s.lang).__html);
    });
    expect(made[3]?.__html).toContain('<span class="token');
  });

  it('highlights a small document at once, without a worker', async () => {
    const all = samples(10);
    const highlighter = await startSampleHighlighter(all.length);
    const made = all.map((s) => highlighter.highlight(s.code, s.lang));
    all.forEach((s, i) => {
      expect(made[i]?.__html).toBe(highlightCode(s.code, s.lang).__html);
    });
    await highlighter.done();
  });
});
