import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

// Docs written for Docusaurus (templates/docusaurus/), on tests/fixtures/docusaurus-mdx through the real CLI; the
// browser side is tests/e2e/docusaurus-tabs.test.ts.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

/** The fixture, built once for the tests that read its pages. */
let built: Promise<string> | undefined;
const fixtureBuilt = () =>
  (built ??= (async () => {
    const dir = await scenario('docusaurus-mdx', {}, 'docusaurus-mdx');
    dirs.push(dir);
    const r = await portal(dir, 'build');
    expect(r.exitCode, r.stderr).toBe(0);
    return dir;
  })());
const htmlOf = async (page: string) => fs.readFile(`${await fixtureBuilt()}/build/docs/${page}/index.html`, 'utf8');
const articleOf = async (page: string) => {
  const html = await htmlOf(page);
  return html.slice(html.indexOf('<article'), html.indexOf('</article>'));
};
/** A doc's previous and next links as [label, href], and its edit link. */
const footerOf = async (page: string) => {
  const html = await htmlOf(page);
  const footer = html.slice(html.indexOf('<footer class="doc-footer"'), html.indexOf('</footer>'));
  const link = (kind: string) => {
    const m = new RegExp(
      `<a href="([^"]*)" class="pagination-link ${kind}"[^>]*>.*?<span class="pagination-label">([^<]*)<`,
    ).exec(footer);
    return m ? [m[2], m[1]] : undefined;
  };
  return { prev: link('prev'), next: link('next'), edit: /<a href="([^"]*)"[^>]*>Edit this page/.exec(footer)?.[1] };
};

describe("a doc importing Docusaurus's components", () => {
  it('builds with @theme/Tabs and @theme/TabItem, every panel in the HTML and the default one shown', async () => {
    const html = await articleOf('install');
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Yarn<\/button>/);
    for (const command of ['npm</span> <span class="token function">install', 'yarn</span> <span', 'pnpm</span> <span'])
      expect(html).toContain(command);
    expect(html.match(/role="tabpanel"[^>]* hidden=""/g)).toHaveLength(5);
  });

  it('highlights a CodeBlock at build time, with its title, numbered and marked lines, as written', async () => {
    const html = await articleOf('components');
    expect(html).toContain(
      '<div class="code-block" data-language="jsx"><div class="code-title">/src/Hello.js</div><pre class="code language-jsx" tabindex="0">',
    );
    expect(html).toContain(
      '<span class="code-line" data-line="1"><span class="token keyword">function</span> <span class="token function">Hello</span>',
    );
    expect(html).toContain(
      '<span class="code-line code-line-marked" data-line="2">  <span class="token keyword">return</span>',
    );
    expect(html).toContain(
      '<pre class="code language-bash" tabindex="0"><code class="language-bash"><span class="token function">npm</span> run build</code>',
    );
    // Code known only when the page runs: the component, in the same frame, unhighlighted.
    expect(html).toContain(
      '<div class="code-block" data-language="text"><div class="code-title">Generated</div><pre class="code language-text" tabindex="0"><code>line one\nline two</code></pre></div>',
    );
  });

  it('links with @docusaurus/Link and puts the base URL in front with useBaseUrl', async () => {
    const html = await articleOf('components');
    expect(html).toContain('<p>Read <a href="/docs/install" data-internal="">the install guide</a> first.</p>');
    expect(html).toContain('<img src="/img/install-card.png" alt="Install card"/>');
  });

  it('shows Admonition and the caution and older keywords as the Markdown admonitions, and Details', async () => {
    const html = await articleOf('components');
    expect(html).toContain(
      '<aside class="admonition admonition-tip" role="note"><p class="admonition-title">Faster builds</p><p>Keep the <strong>cache</strong> between runs.</p></aside>',
    );
    expect(html).toContain(
      '<aside class="admonition admonition-warning" role="note"><p class="admonition-title">Caution</p>Mind the step.</aside>',
    );
    expect(html).toContain(
      '<aside class="admonition admonition-warning" role="note"><p class="admonition-title">Caution</p><p>A caution block in Markdown.</p></aside>',
    );
    expect(html).toContain(
      '<aside class="admonition admonition-info" role="note"><p class="admonition-title">Read this</p>',
    );
    expect(html).toContain('<details><summary>What does it cost?</summary><p>Nothing at all.</p></details>');
    expect(html).not.toContain(':::');
  });

  it('takes its pagination, title, edit link, keywords and social card from the front matter keys', async () => {
    // The fixture's sidebar orders components, faq, install; the front matter changes that.
    expect(await footerOf('install')).toEqual({
      prev: ['Questions', '/docs/faq'],
      next: ['Components', '/docs/components'],
      edit: 'https://github.com/acme/tessera/edit/main/site/docs/install.mdx',
    });
    expect(await footerOf('faq')).toEqual({
      prev: undefined,
      next: ['Install', '/docs/install'],
      edit: 'https://github.com/acme/tessera/edit/main/docs/faq.md',
    });
    expect(await articleOf('faq')).not.toContain('<h1');
    const head = await htmlOf('install');
    expect(head).toContain('<meta name="keywords" content="install, tessera">');
    expect(head).toContain('<meta property="og:image" content="https://docusaurus-mdx.example/img/install-card.png">');
    expect(await htmlOf('faq')).not.toContain('name="keywords"');
  });

  it("builds an autogenerated sidebar from number-prefixed files and a folder's _category_ file", async () => {
    const html = await htmlOf('install');
    const sidebar = html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));
    const labels = [...sidebar.matchAll(/<a href="([^"]*)" class="menu-link[^"]*"[^>]*>([^<]*)</g)].map(
      (m) => `${m[2]} ${m[1]}`,
    );
    expect(labels).toEqual([
      'Tutorial /docs/category/tutorial',
      'First steps /docs/tutorial/first-steps',
      'Overview /docs/tutorial/overview',
      'Components /docs/components',
      'Frequently asked questions /docs/faq',
      'Install /docs/install',
    ]);
    const index = await fs.readFile(`${await fixtureBuilt()}/build/docs/category/tutorial/index.html`, 'utf8');
    expect(index).toContain('Tessera from its first steps.');
    expect(index).toContain('href="/docs/tutorial/first-steps"');
    // Docusaurus's DocCardList in a doc of the category: the category's other pages as cards.
    expect(await articleOf('tutorial/overview')).toContain(
      '<ul class="card-grid"><li class="card"><a href="/docs/tutorial/first-steps" data-internal=""><h2 class="card-title">First steps</h2></a></li></ul>',
    );
  });

  it('names the file and line of an unknown pagination id and of a missing social card', async () => {
    const dir = await scenario(
      'docusaurus-mdx-front-matter',
      {
        'site/docs/faq.md': '---\ntitle: FAQ\npagination_prev: install\npagination_next: instal\n---\n\nText.\n',
        'site/docs/extra.md': '---\ntitle: Extra\nimage: img/missing-card.png\n---\n\nText.\n',
      },
      'docusaurus-mdx',
    );
    dirs.push(dir);
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      '`pagination_next` names unknown doc id "instal". Available doc ids: components, extra, faq, install, tutorial/first-steps, tutorial/overview  (site/docs/faq.md:4)',
    );
    expect(r.stderr.length).toBeLessThan(2000);
    // The route stage stops the build; with the id right, the link check finds the card missing.
    await fs.writeFile(`${dir}/site/docs/faq.md`, '---\ntitle: FAQ\npagination_next: install\n---\n\nText.\n');
    const again = await portal(dir, 'build');
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain(
      'missing image "/img/missing-card.png" in front matter `image`  (site/docs/extra.md:3)',
    );
  });

  it('names the components it has when a doc imports another one of Docusaurus', async () => {
    const dir = await scenario(
      'docusaurus-mdx-unknown',
      { 'site/docs/cards.mdx': "import DocItem from '@theme/DocItem';\n\n# Cards\n\n<DocItem />\n" },
      'docusaurus-mdx',
    );
    dirs.push(dir);
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Could not resolve "@theme/DocItem"  (site/docs/cards.mdx:1:22)');
    expect(r.stderr).toContain(
      "of Docusaurus's modules the portal has @theme/Admonition, @theme/CodeBlock, @theme/Details, @theme/DocCardList, @theme/TabItem, @theme/Tabs, @docusaurus/Link and @docusaurus/useBaseUrl",
    );
  });
});
