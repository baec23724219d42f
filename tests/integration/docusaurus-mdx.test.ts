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
const articleOf = async (page: string) => {
  const html = await fs.readFile(`${await fixtureBuilt()}/build/docs/${page}/index.html`, 'utf8');
  return html.slice(html.indexOf('<article'), html.indexOf('</article>'));
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

  it('names the components it has when a doc imports another one of Docusaurus', async () => {
    const dir = await scenario(
      'docusaurus-mdx-unknown',
      { 'site/docs/cards.mdx': "import DocCardList from '@theme/DocCardList';\n\n# Cards\n\n<DocCardList />\n" },
      'docusaurus-mdx',
    );
    dirs.push(dir);
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Could not resolve "@theme/DocCardList"  (site/docs/cards.mdx:1:26)');
    expect(r.stderr).toContain(
      "of Docusaurus's components the portal has @theme/Admonition, @theme/CodeBlock, @theme/Details, @theme/TabItem and @theme/Tabs",
    );
  });
});
