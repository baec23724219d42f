import { describe, expect, it } from 'vitest';
import { dataChunk } from '../../../src/bundle/data-chunk.ts';
import { asReactWrites, firstVisitChunk, firstVisitData } from '../../../src/bundle/first-visit-data.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageData } from '../../../templates/shared/types.ts';
import { withInternalLinks } from '../../../templates/shared/urls.ts';

// Issue 17 item 3: what an API page's first-visit chunk leaves out, because its HTML already shows it.
const long = (s: string) => `<p>${s} — long enough to be worth leaving out of the data.</p>`;
const marked = (tag: string, content: string) => `<${tag} class="x" data-adopt="">${content}</${tag}>`;

describe('first-visit data', () => {
  it('replaces what a marked element holds by its index, and keeps what the page does not show', () => {
    const body = `<main>${marked('div', long('One'))}<p>between</p>${marked('code', long('Two'))}</main>`;
    const data = {
      a: { __html: long('Two') },
      list: [{ description: { __html: long('One') } }, { description: { __html: long('Not shown') } }],
      short: { __html: '<p>Hi</p>' },
    };
    const left = firstVisitData(data, body);
    expect(left && { ...left, json: JSON.parse(left.json) }).toEqual({
      count: 2,
      leftOut: 2,
      json: {
        a: { $adopt: 1 },
        list: [{ description: { $adopt: 0 } }, { description: { __html: long('Not shown') } }],
        short: { __html: '<p>Hi</p>' },
      },
    });
    // The data given is not changed: the full chunk is made from it too.
    expect(data.a).toEqual({ __html: long('Two') });
  });

  it('matches a description whose internal links the template rewrote, under a base URL', () => {
    const site = { baseUrl: '/portal/' };
    const source = '<p>See <a href="/docs/intro#auth">the introduction</a> before you call anything.</p>';
    const body = marked('div', withInternalLinks(source, site));
    expect(firstVisitData({ d: { __html: source } }, body)).toBeUndefined();
    expect(
      JSON.parse(firstVisitData({ d: { __html: source } }, body, (h) => withInternalLinks(h, site))?.json ?? ''),
    ).toEqual({
      d: { $adopt: 0 },
    });
  });

  it('writes text as React does, so an example is found in the body as rendered', () => {
    const text = `it's "quoted" & <tagged> — ${'\u00e9'}`;
    expect(`<code>${asReactWrites(text)}</code>`).toBe(renderToStaticMarkup(createElement('code', null, text)));
  });

  it('takes an example back as the text its block shows: JSON as JSON, a string as a string', () => {
    const json = { message: 'Use "quotes" & <angles>', items: [1, 2, 3] };
    const text = 'plain text example, with <markup> & "quotes" in it';
    const body = marked('code', asReactWrites(JSON.stringify(json, null, 2))) + marked('code', asReactWrites(text));
    const left = firstVisitData(
      {
        examples: [
          { name: 'a', value: json },
          { name: 'b', value: text },
        ],
      },
      body,
    );
    expect(JSON.parse(left?.json ?? '')).toEqual({
      examples: [
        { name: 'a', value: { $adopt: 0, as: 'json' } },
        { name: 'b', value: { $adopt: 1, as: 'text' } },
      ],
    });
    // A carriage return the HTML parser would turn into a newline: the text read back would differ.
    const crlf = 'first line of the example\r\nsecond line of the example';
    expect(firstVisitData({ value: crlf }, marked('code', crlf))).toBeUndefined();
  });

  it('takes nothing it cannot read back exactly', () => {
    // An element of the same name inside: where the marked one ends is not what the first closing tag says.
    const nested = `<div>${long('Inner')}</div>`;
    expect(firstVisitData({ d: { __html: nested } }, marked('div', nested))).toBeUndefined();
    // The data already uses the marker's key (an example from the document): the first visit is not attempted.
    const body = marked('div', long('One'));
    expect(firstVisitData({ d: { __html: long('One') }, e: { $adopt: 1 } }, body)).toBeUndefined();
    expect(firstVisitData({ d: { __html: long('One') } }, '<div>no marked element</div>')).toBeUndefined();
  });

  it('makes a chunk that reads the data back from the page, or else imports the full chunk', async () => {
    const page = { path: '/docs/api/x', title: 'X', data: { d: { __html: long('One') } } } as unknown as PageData;
    const recipe = {
      name: 'r1-docs_api_x',
      templateFile: 't-ApiOperationPage-api-AAAAAAAA.js',
      templateCode:
        'import{a as o}from"./c/chunk-AAAAAAAA.js";import{a as s}from"./c/chunk-BBBBBBBB.js";var t=o.ApiOperationPage,a=o.adoptFromDocument;export{a as adoptFromDocument,s as sidebar,t as Template};',
      sidebar: true,
    };
    const full = dataChunk({ ...recipe, page });
    const made = firstVisitChunk(
      {
        ...recipe,
        chunk: `_portal/${full.file}`,
        template: { chunk: '_portal/t.js', imports: ['_portal/c/chunk-AAAAAAAA.js'] },
      },
      page,
      `<h1>X</h1>${marked('div', long('One'))}`,
    );
    expect(made?.file.path).toMatch(/^_portal\/r1-docs_api_x\.first-[A-Z2-7]{8}\.js$/);
    expect(made?.assets).toEqual({ chunk: made?.file.path, imports: ['_portal/c/chunk-AAAAAAAA.js'] });
    const js = Buffer.from(made?.file.contents ?? '').toString('utf8');
    expect(js).not.toContain('One —');
    // Run as a module, with the kit's adoptFromDocument standing in: given the data, the count and the sidebar;
    // when it finds the page changed (undefined), the full chunk's page is taken.
    for (const adopts of [true, false]) {
      const kit = `const o={ApiOperationPage:"T",adoptFromDocument:(d,n,s)=>${adopts}?{...d,n,s}:undefined};`;
      const standalone = js
        .replace(/import\{a as o\}from"[^"]+";/, kit)
        .replace(/import\{a as s\}from"[^"]+";/, 'const s="SIDEBAR";')
        .replace(/await import\("[^"]+"\)/, 'await Promise.resolve({page:"FULL"})');
      const exported = await import(`data:text/javascript,${encodeURIComponent(standalone)}`);
      expect(exported.Template).toBe('T');
      expect(exported.page).toEqual(
        adopts ? { path: '/docs/api/x', title: 'X', data: { d: { $adopt: 0 } }, n: 1, s: 'SIDEBAR' } : 'FULL',
      );
    }
    expect(js).toContain(`(await import("./${full.file}")).page`);
  });
});
