import { describe, expect, it } from 'vitest';
import { renderLiquidExample } from '../../../templates/liquid/render-example.ts';

// Issue 19: the wrapper the Try it worker runs; the docs test runs every example through it too.
const render = (
  template: string,
  data = '',
  files: Record<string, string> = {},
  limits?: { maxOutput: number; memoryLimit: number },
) => renderLiquidExample({ template, data, files }, limits);

describe('renderLiquidExample', () => {
  it('renders with the theme filters, globals from the data and the example’s own partials', async () => {
    const files = { 'snippets/price.liquid': '<b>{{ amount | money }}</b> in {{ shop.currency }}' };
    const result = await render(
      "{{ product.title | upcase }}: {% render 'price', amount: product.price %}",
      '{ "shop": { "currency": "EUR" }, "product": { "title": "Linen", "price": 4500 } }',
      files,
    );
    expect(result).toEqual({ ok: true, output: 'LINEN: <b>€45.00</b> in EUR' });
  });

  it('reports a template error with its line and column, without LiquidJS’s position suffix', async () => {
    expect(await render('{{ product.title }}\n  {% fo %}')).toEqual({
      ok: false,
      problem: { source: 'template', message: 'tag "fo" not found', line: 2, column: 3 },
    });
    expect(await render('ok\n\n{{ "a" | nope }}')).toEqual({
      ok: false,
      problem: { source: 'template', message: 'undefined filter: nope', line: 3, column: 1 },
    });
    expect(await render('{{ x | img_url: "big" }}', '{ "x": "/a.png" }')).toMatchObject({
      ok: false,
      problem: { source: 'template', line: 1, column: 1 },
    });
  });

  it('names the partial an error is in', async () => {
    const result = await render("{% render 'card' %}", '', { 'snippets/card.liquid': 'one\n{% fo %}' });
    expect(result).toMatchObject({
      ok: false,
      problem: { source: 'template', line: 2, column: 1, file: 'snippets/card.liquid' },
    });
  });

  it('reads no file system: a partial the example does not provide is an error, whatever its path', async () => {
    for (const name of ['missing', '../../../etc/passwd', '/etc/passwd']) {
      const result = await render(`{% render '${name}' %}`);
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toMatch(/root:/);
    }
    expect(await render("{% include 'card' %}", '', { 'snippets/card.liquid': 'from the page' })).toEqual({
      ok: true,
      output: 'from the page',
    });
  });

  it('reports invalid data with its line and column, and data that is not an object', async () => {
    const bad = await render('{{ a }}', '{\n  "a": 1,\n}');
    expect(bad).toMatchObject({ ok: false, problem: { source: 'data', line: 3, column: 1 } });
    expect(bad.ok === false && bad.problem.message).toMatch(/^the data is not valid JSON: /);
    expect(await render('{{ a }}', '[1, 2]')).toEqual({
      ok: false,
      problem: {
        source: 'data',
        message: 'the data must be a JSON object: { "name": value, ... }',
        line: 1,
        column: 1,
      },
    });
    expect(await render('{{ a }}', '  ')).toEqual({ ok: true, output: '' });
  });

  it('stops a template whose output passes the limit', async () => {
    const loop = '{% for i in (1..1000) %}0123456789{% endfor %}';
    expect(await render(loop, '', {}, { maxOutput: 10_000, memoryLimit: 1e7 })).toMatchObject({ ok: true });
    expect(await render(loop, '', {}, { maxOutput: 9_999, memoryLimit: 1e7 })).toEqual({
      ok: false,
      problem: { source: 'limit', message: 'the output passed 9,999 characters, so rendering stopped' },
    });
    // The default limit holds for the unbounded loop of the issue, written with a body.
    expect(await render('{% for i in (1..1000000) %}xxxxxxxxxx{% endfor %}')).toMatchObject({
      ok: false,
      problem: { source: 'limit', message: 'the output passed 100,000 characters, so rendering stopped' },
    });
  });

  it('stops the issue’s huge range at once instead of building it', async () => {
    const started = Date.now();
    const result = await render('{% for i in (1..100000000) %}{% endfor %}');
    expect(Date.now() - started).toBeLessThan(500);
    expect(result).toMatchObject({
      ok: false,
      problem: {
        source: 'limit',
        message: 'the template needs too much memory (a very large range, array or string), so rendering stopped',
        line: 1,
        column: 1,
      },
    });
  });
});
