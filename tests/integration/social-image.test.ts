import { describe, expect, it } from 'vitest';
import { portal, scenario } from '../helpers/scenario.ts';

const config = (image: string) => `export default {
  title: 'Basic Site',
  url: 'https://basic.example',
  image: ${JSON.stringify(image)},
  navbar: { title: 'Basic', items: [{ type: 'docSidebar', sidebarId: 'docs', label: 'Docs' }] },
};
`;

describe('the social card image (issue 7)', () => {
  it('fails the build when the configured image is not under site/static, naming the config file and field', async () => {
    const dir = await scenario('social-image-missing', { 'site/portal.config.ts': config('img/no-such-card.png') });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr + r.stdout).toMatch(
      /missing image "\/img\/no-such-card\.png" in the social card \(`image`\)[\s\S]*portal\.config\.ts/,
    );
    expect(r.stderr + r.stdout).toContain('put the file under site/static/');
  });

  it('rejects an image path written from the root, saying what is allowed', async () => {
    const dir = await scenario('social-image-absolute', { 'site/portal.config.ts': config('/img/card.png') });
    const r = await portal(dir, 'build');
    expect(r.exitCode).toBe(1);
    expect(r.stderr + r.stdout).toContain('image: a path under site/static, without a leading "/"');
  });
});
