/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startShellSite, type ShellSite } from './shell-support.ts';

// Docs written for Docusaurus build unchanged (templates/docusaurus/): `@theme/Tabs` and `@theme/TabItem` on
// tests/fixtures/docusaurus-mdx, whose install doc has a package-manager tab set (Yarn marked `default`), one
// labelled from `values` (macOS by `defaultValue`) and a second of the package-manager group, which its components
// doc (CodeBlock, Details) has too.
let site: ShellSite;
beforeAll(async () => {
  site = await startShellSite('docusaurus-mdx');
});
afterAll(async () => {
  await site?.close();
});

/** Each tab set's tabs as [label, selected], and the text of its visible panels. */
const tabSets = (page: Page) =>
  page.locator('article .api-tabs').evaluateAll((sets) =>
    sets.map((set) => ({
      tabs: [...set.querySelectorAll('[role="tab"]')].map((t) => [t.textContent, t.getAttribute('aria-selected')]),
      shown: [...set.querySelectorAll<HTMLElement>('[role="tabpanel"]')]
        .filter((p) => !p.hidden)
        // A code sample's text without its Copy button.
        .map((p) => (p.querySelector('pre') ?? p).textContent?.trim()),
    })),
  );

describe("Docusaurus's Tabs in a doc", () => {
  it('show the tab marked default, or named by defaultValue, with labels from the items or from values', async () => {
    const { page, context, errors } = await openPage(site, '/docs/install');
    expect(await tabSets(page)).toEqual([
      {
        tabs: [
          ['npm', 'false'],
          ['Yarn', 'true'],
          ['pnpm', 'false'],
        ],
        shown: ['yarn add tessera'],
      },
      {
        tabs: [
          ['macOS', 'true'],
          ['Linux', 'false'],
        ],
        shown: ['Install with Homebrew.'],
      },
      {
        tabs: [
          ['npm', 'true'],
          ['yarn', 'false'],
          ['pnpm', 'false'],
        ],
        shown: ['npx tessera init'],
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switch on a click and with the arrow keys', async () => {
    const { page, context, errors } = await openPage(site, '/docs/install');
    await page.click('article [role="tab"]:has-text("npm")');
    expect((await tabSets(page))[0]?.shown).toEqual(['npm install tessera']);
    await page.keyboard.press('ArrowRight');
    expect((await tabSets(page))[0]?.shown).toEqual(['yarn add tessera']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yarn');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect((await tabSets(page))[0]?.shown).toEqual(['pnpm add tessera']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keep the sets of one groupId in step, on the page and on the next page the reader opens', async () => {
    const { page, context, errors } = await openPage(site, '/docs/install');
    await page.click('article [role="tab"]:has-text("pnpm")');
    expect((await tabSets(page)).map((set) => set.shown)).toEqual([
      ['pnpm add tessera'],
      ['Install with Homebrew.'],
      ['pnpm tessera init'],
    ]);
    await page.click('article [role="tab"]:text-is("yarn")');
    expect((await tabSets(page))[0]?.shown).toEqual(['yarn add tessera']);
    await page.click('article a:has-text("their own page")');
    await page.waitForURL('**/docs/components');
    await page.locator('article .api-tabs').waitFor();
    expect(await tabSets(page)).toEqual([
      {
        tabs: [
          ['npm', 'false'],
          ['yarn', 'true'],
          ['pnpm', 'false'],
        ],
        shown: ['yarn upgrade tessera'],
      },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Docusaurus's CodeBlock and Details in a doc", () => {
  it('give a CodeBlock the copy button every code block has, and open Details on a click', async () => {
    const { page, context, errors } = await openPage(site, '/docs/components');
    const block = page.locator('article .code-block').first();
    await expect.poll(() => block.locator('.copy-button').count()).toBe(1);
    expect(await block.locator('pre').textContent()).toBe(
      'function Hello(props) {\n  return <h1>Hello, {props.name}</h1>;\n}',
    );
    const details = page.locator('article details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.click('article summary:has-text("What does it cost?")');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await details.locator('p').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
