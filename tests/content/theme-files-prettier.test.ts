/**
 * issue 18, item 8: every theme file the theme guides show is formatted the way a theme made by
 * `tessera-theme init` formats it. The fences whose title is a theme path (`snippets/price.liquid`,
 * `config/settings_schema.json (excerpt)`) are written into a temporary theme and checked by the
 * real `prettier --check` with `@shopify/prettier-plugin-liquid`, under the `.prettierrc.json` that
 * /docs/themes/dev-tools/liquid-prettier says `init` writes. A "(before)" fence is unformatted on
 * purpose; its "(after)" twin must be exactly what the plugin prints for it.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import fg from 'fast-glob';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/fixtures.ts';

const require = createRequire(import.meta.url);
const THEME_PATH = /^(layout|templates|snippets|locales|config|assets)\/[\w./-]+\.(liquid|json|css|js)$/;
const CONFIG_PAGE = 'site/docs/themes/dev-tools/liquid-prettier.mdx';

interface ThemeFence {
  /** `page.mdx:line` of the opening fence. */
  where: string;
  /** The theme path from the title, e.g. `snippets/price.liquid`. */
  file: string;
  /** What follows the path in the title, e.g. `(excerpt)`, or ''. */
  qualifier: string;
  lang: string;
  body: string;
}

/** Fenced blocks with a `title="..."`, in page order (``` fences only, as the docs use). */
function titledFences(page: string): Array<{ line: number; lang: string; title: string; body: string }> {
  const lines = readFileSync(path.join(projectRoot, page), 'utf8').split('\n');
  const found: Array<{ line: number; lang: string; title: string; body: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\S*)(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, marker = '', lang = '', info = ''] = open;
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^${marker}\`*\\s*$`).test(lines[j] ?? '')) j++;
    const title = /title="([^"]+)"/.exec(info)?.[1];
    if (title !== undefined) found.push({ line: i + 1, lang, title, body: lines.slice(i + 1, j).join('\n') });
    i = j;
  }
  return found;
}

const pages = fg.sync('site/docs/themes/**/*.mdx', { cwd: projectRoot }).sort();
const fences: ThemeFence[] = pages.flatMap((page) =>
  titledFences(page).flatMap(({ line, lang, title, body }) => {
    const [file = '', ...rest] = title.split(' ');
    return THEME_PATH.test(file) ? [{ where: `${page}:${line}`, file, qualifier: rest.join(' '), lang, body }] : [];
  }),
);

/** The `.prettierrc.json` the docs say `init` writes: the one that sets more than the plugin. */
function initConfig(): Record<string, unknown> {
  const fence = titledFences(CONFIG_PAGE).find((f) => f.title === '.prettierrc.json' && f.body.includes('printWidth'));
  if (!fence) throw new Error(`${CONFIG_PAGE}: no .prettierrc.json fence with the init configuration`);
  return JSON.parse(fence.body) as Record<string, unknown>;
}

const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

describe('theme files shown in the guides are Prettier-formatted (issue 18, item 8)', () => {
  it('finds the theme-file fences, in every kind of theme file', () => {
    expect(fences.length).toBeGreaterThan(60);
    expect(new Set(fences.map((f) => f.lang))).toEqual(new Set(['liquid', 'json', 'js']));
  });

  it('passes `prettier --check` with the Liquid plugin and the configuration init writes', async () => {
    const config = initConfig();
    expect(config['plugins']).toEqual(['@shopify/prettier-plugin-liquid']);
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-theme-prettier-'));
    workDirs.push(dir);
    // The temporary theme is outside the project, so the plugin is named by its resolved path.
    const plugins = (config['plugins'] as string[]).map((name) => require.resolve(name));
    writeFileSync(path.join(dir, '.prettierrc.json'), JSON.stringify({ ...config, plugins }));
    const checked = fences.filter((f) => !f.qualifier.includes('(before)'));
    const byPath = new Map<string, ThemeFence>();
    checked.forEach((fence, index) => {
      // One folder per fence: several pages show their own layout/theme.liquid.
      const file = path.join(String(index).padStart(3, '0'), fence.file);
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), `${fence.body}\n`);
      byPath.set(file.split(path.sep).join('/'), fence);
    });
    const run = await execa(
      process.execPath,
      [require.resolve('prettier/bin/prettier.cjs'), '--check', '[0-9][0-9][0-9]/**/*'],
      { cwd: dir, reject: false },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    const unformatted = [...output.matchAll(/^\[(?:warn|error)\] (\d{3}\/\S+)/gm)].map((m) => {
      const fence = byPath.get(m[1] as string);
      return fence ? `${fence.where} (${fence.file})` : (m[1] as string);
    });
    expect(unformatted, output).toEqual([]);
    expect(run.exitCode, output).toBe(0);
    expect(output).toContain('All matched files use Prettier code style!');
  });

  it('shows, after a "(before)" fence, exactly what the plugin prints for it', async () => {
    const plugin = require.resolve('@shopify/prettier-plugin-liquid');
    const pairs = pages.flatMap((page) => {
      const titled = titledFences(page);
      return titled.flatMap((before) => {
        if (!before.title.endsWith('(before)')) return [];
        const afterTitle = before.title.replace(/\(before\)$/, '(after)');
        const after = titled.find((f) => f.title === afterTitle);
        return after ? [{ where: `${page}:${before.line}`, before: before.body, after: after.body }] : [];
      });
    });
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      const printed = await prettier.format(`${pair.before}\n`, {
        ...initConfig(),
        plugins: [plugin],
        parser: 'liquid-html',
      });
      expect(printed.trimEnd(), pair.where).toBe(pair.after);
    }
  });
});
