import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

// Docs written for Docusaurus (templates/docusaurus/), on tests/fixtures/docusaurus-mdx through the real CLI; the
// browser side is tests/e2e/docusaurus-tabs.test.ts.
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

describe("a doc importing Docusaurus's components", () => {
  it('builds with @theme/Tabs and @theme/TabItem, every panel in the HTML and the default one shown', async () => {
    const dir = await scenario('docusaurus-mdx', {}, 'docusaurus-mdx');
    dirs.push(dir);
    const r = await portal(dir, 'build');
    expect(r.exitCode, r.stderr).toBe(0);
    const html = await fs.readFile(`${dir}/build/docs/install/index.html`, 'utf8');
    expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Yarn<\/button>/);
    for (const command of ['npm</span> <span class="token function">install', 'yarn</span> <span', 'pnpm</span> <span'])
      expect(html).toContain(command);
    expect(html.match(/role="tabpanel"[^>]* hidden=""/g)).toHaveLength(3);
  });

  it('names the components it has when a doc imports another one of Docusaurus', async () => {
    const dir = await scenario(
      'docusaurus-mdx-codeblock',
      { 'site/docs/code.mdx': "import CodeBlock from '@theme/CodeBlock';\n\n# Code\n\n<CodeBlock>x</CodeBlock>\n" },
      'docusaurus-mdx',
    );
    dirs.push(dir);
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Could not resolve "@theme/CodeBlock"  (site/docs/code.mdx:1:24)');
    expect(r.stderr).toContain("of Docusaurus's components the portal has @theme/Tabs and @theme/TabItem");
  });
});
