import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiReference } from '../../../src/apiref/load.ts';
import { configSchema } from '../../../src/config/schema.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-load-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const document = `openapi: 3.0.3
info: { title: Shop, version: '1' }
paths:
  /themes:
    get:
      operationId: listThemes
      summary: List themes
      description: |
        A theme prints a product's title like this:

        \`\`\`liquid
        {{ product.title | escape }}
        \`\`\`

        and a storefront component renders it so:

        \`\`\`tsx
        const Title = () => <h1 className="title">{product.title}</h1>;
        \`\`\`
      responses:
        '200': { description: OK }
`;

// Spec §9: fenced code is highlighted with the site's grammars; a description's fences in a language the config
// registers (liquid by default, tsx here) were left plain in the API reference while docs highlighted them.
describe('loadApiReference', () => {
  it('highlights fenced code in descriptions with the grammars the site registers, as docs are', async () => {
    await fs.mkdir(path.join(root, 'openapi'));
    await fs.writeFile(path.join(root, 'openapi/shop.yaml'), document);
    const config = configSchema.parse({
      title: 'T',
      url: 'https://x.example',
      openapi: { path: 'openapi/shop.yaml' },
      prism: { additionalLanguages: ['tsx'] },
    });
    const api = await loadApiReference({ root, config });
    expect(api.diagnostics).toEqual([]);
    const page = JSON.stringify(api.routes.find((r) => r.kind === 'api-operation')?.page);
    expect(page).toContain('language-liquid');
    expect(page).toContain('<span class=\\"token delimiter punctuation\\">{{</span>');
    expect(page).toContain('language-tsx');
    expect(page).toContain('<span class=\\"token attr-name\\">className</span>');
  });

  it("links the configured document's hosted copy, and not when another document is previewed", async () => {
    await fs.mkdir(path.join(root, 'other'), { recursive: true });
    await fs.writeFile(path.join(root, 'other/petstore.yaml'), document.replace('title: Shop', 'title: Pets'));
    const config = configSchema.parse({
      title: 'T',
      url: 'https://x.example',
      openapi: { path: 'openapi/shop.yaml', remoteUrl: 'https://x.example/shop.yaml' },
    });
    /** The API introduction's page data, where its download links are. */
    const intro = async (override?: string): Promise<string> => {
      const api = await loadApiReference({ root, config, ...(override ? { override } : {}) });
      expect(api.diagnostics).toEqual([]);
      return JSON.stringify(api.routes.find((r) => r.kind === 'api-intro')?.page);
    };
    expect(await intro()).toContain('{"label":"Hosted copy","href":"https://x.example/shop.yaml"}');
    // --openapi naming the configured document is still that document.
    expect(await intro('openapi/shop.yaml')).toContain('Hosted copy');
    const other = await intro('other/petstore.yaml');
    expect(other).toContain('Pets');
    expect(other).not.toContain('Hosted copy');
  });
});
