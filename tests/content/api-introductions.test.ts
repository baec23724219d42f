import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import config from '../../site/portal.config.ts';
import sidebars from '../../site/sidebars.ts';
import { kebab } from '../../src/apiref/slugs.ts';
import { projectRoot } from '../helpers/fixtures.ts';

/**
 * Issue 7, item 7: one API introduction (/docs/intro, the narrative) and one short pointer (/docs/api, whose
 * text is the document's info.description); the introduction is in the API sidebar; the home page's API card
 * leads where the navbar's API item does, the reference's category page.
 */
const read = (file: string): Promise<string> => fs.readFile(path.join(projectRoot, file), 'utf8');

describe('the API introductions', () => {
  it('keeps /docs/api a pointer to /docs/intro: no headings, code or tables of its own, a few sentences', async () => {
    const doc = parse(await read('openapi/business-api.yaml'));
    const text = doc.info.description as string;
    expect(text).toContain('](/docs/intro)');
    expect(text).not.toMatch(/^#{1,6} /m);
    expect(text).not.toMatch(/^```|^\|/m);
    expect(text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(100);
    // x-topics would add sections of their own to /docs/api.
    expect(doc['x-topics']).toBeUndefined();
  });

  it('lists the introduction in the API sidebar, after the reference so the navbar still opens the reference', () => {
    expect(sidebars.api[0]).toEqual({ type: 'openapi' });
    expect(sidebars.api).toContainEqual(expect.objectContaining({ type: 'doc', id: 'intro' }));
    expect(config.navbar.items).toContainEqual(expect.objectContaining({ type: 'docSidebar', sidebarId: 'api' }));
  });

  it("sends the home page's API card to the reference's category page", async () => {
    const home = await read('site/pages/index.tsx');
    const card = /\{ title: 'API reference', to: '([^']+)'/.exec(home)?.[1];
    expect(card).toBe(`/docs/category/${kebab(config.openapi.categoryLabel)}`);
  });
});
