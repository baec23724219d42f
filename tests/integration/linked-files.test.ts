import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

// Images and downloads kept beside the docs that show them (as Docusaurus, Starlight and VitePress allow), on a
// copy of tests/fixtures/basic served under a base URL, built through the real CLI.
const diagram = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n';
const hash = createHash('sha256').update(diagram).digest('hex').slice(0, 8);

let dir: string;
let result: Awaited<ReturnType<typeof portal>>;
const html = (rel: string) => fs.readFile(path.join(dir, 'build', rel), 'utf8');
const article = (page: string) => page.slice(page.indexOf('<article'), page.indexOf('</article>'));

beforeAll(async () => {
  const config = await fs.readFile(
    path.resolve(import.meta.dirname, '../fixtures/basic/site/portal.config.ts'),
    'utf8',
  );
  dir = await scenario('linked-files', {
    'site/portal.config.ts': config.replace(
      "url: 'https://basic.example',",
      "url: 'https://basic.example',\n  baseUrl: '/kb/',",
    ),
    'site/docs/guides/pictures.md':
      '# Pictures\n\n![The diagram](./img/Flow%20diagram.svg)\n\n![The logo](/img/dot.svg)\n\n' +
      '[Download the diagram](img/Flow%20diagram.svg)\n',
    'site/docs/guides/img/Flow diagram.svg': diagram,
  });
  result = await portal(dir, 'build');
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('files linked by their path from a doc', () => {
  it('are copied into the output under a name made from their bytes, and shown from there under the base URL', async () => {
    expect(result.exitCode, result.stderr).toBe(0);
    const body = article(await html('docs/guides/pictures/index.html'));
    const url = `/kb/_portal/files/Flow-diagram-${hash}.svg`;
    expect(body).toContain(`<img src="${url}" alt="The diagram"/>`);
    expect(body).toContain(`<a href="${url}" data-internal="">Download the diagram</a>`);
    expect(await fs.readFile(path.join(dir, 'build', `_portal/files/Flow-diagram-${hash}.svg`), 'utf8')).toBe(diagram);
  });

  it('leaves images of site/static where they are, with the base URL', async () => {
    expect(article(await html('docs/guides/pictures/index.html'))).toContain(
      '<img src="/kb/img/dot.svg" alt="The logo"/>',
    );
  });

  it('fail the build when the file is missing or outside the site folder, naming the page and line', async () => {
    const broken = await scenario('linked-files-missing', {
      'site/docs/guides/pictures.md': '# Pictures\n\n![Gone](./img/gone.png)\n\n![Out](../../../outside.png)\n',
      'outside.png': 'not part of the site',
    });
    try {
      const r = await portal(broken, 'build');
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain(
        'missing image "./img/gone.png": no such file in the site folder  (site/docs/guides/pictures.md:3:1)',
      );
      expect(r.stderr).toContain('missing image "../../../outside.png": no such file in the site folder');
    } finally {
      await fs.rm(broken, { recursive: true, force: true });
    }
  });
});
