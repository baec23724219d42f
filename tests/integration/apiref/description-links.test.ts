import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureDir } from '../../helpers/fixtures.ts';
import { portal, scenario } from '../../helpers/scenario.ts';

const DOC = 'openapi/links.yaml';
const source = await fs.readFile(path.join(fixtureDir('api-links'), DOC), 'utf8');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** issue 5: links inside the OpenAPI document's Markdown go through the link check like links in docs. */
describe('links in OpenAPI descriptions', () => {
  it('fail the build when broken, naming the document, the line and the JSON pointer of the description', async () => {
    const dir = await scenario('api-links-broken', {}, 'api-links');
    const r = await portal(dir, 'build');
    expect(r.exitCode, r.stdout).toBe(1);
    expect(r.stderr).toContain(`broken link "/docs/guides/notes" in the description at #/tags/0/description`);
    expect(r.stderr).toContain(`${DOC}:${lineOf(source, 'See [the guide]')}`);
    expect(r.stderr).toContain(`broken link "/docs/limits" in the description at #/paths/~1notes/post/description`);
    expect(r.stderr).toContain(`${DOC}:${lineOf(source, 'Limits are in')}`);
    // Example values are data, not documentation: their text is not checked.
    expect(r.stderr).not.toContain('/docs/example-data');
    // Links that resolve (a schema property called `value` included) raise nothing.
    expect(r.stderr).not.toMatch(/broken link "\/docs\/intro"/);
  }, 120_000);

  it('warn on a broken anchor with the pointer, and build once the links are fixed', async () => {
    const fixed = source
      .replace('(/docs/guides/notes)', '(/docs/intro)')
      .replace('(/docs/limits)', '(/docs/intro#authentication)');
    const dir = await scenario('api-links-fixed', { [DOC]: fixed }, 'api-links');
    const r = await portal(dir, 'build');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr + r.stdout).toContain(
      'broken anchor "/docs/intro#no-such-section" in the description at #/paths/~1notes/get/responses/200/description',
    );
    const page = await fs.readFile(path.join(dir, 'build/docs/api/create-a-note/index.html'), 'utf8');
    expect(page).toContain('href="/docs/intro#authentication"');
  }, 120_000);

  it('only warn when another document is previewed with --openapi (it was written for another site)', async () => {
    const dir = await scenario('api-links-preview', { 'other/links.yaml': source }, 'api-min');
    const r = await portal(dir, 'build', '--openapi', 'other/links.yaml');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr + r.stdout).toMatch(
      /warning broken link "\/docs\/limits" in the description at #\/paths\/~1notes\/post\/description .*other\/links\.yaml:\d+/,
    );
  }, 120_000);
});
