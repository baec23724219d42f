import fs from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import pc from 'picocolors';
import type { PortalConfig } from '../config/schema.js';
import type { Diagnostic } from '../diagnostics.js';
import type { Logger } from '../log.js';
import type { OutputFile } from '../output/write.js';
import type { BuildOptions, BuildResult } from './build.js';

/**
 * The config of one locale's build (issue 4 item 7): a non-default locale is the same site served under
 * `<baseUrl><locale>/`, so every route path stays as in the default locale and links written as
 * `/docs/intro` lead to the same locale's page. The default locale (or none) leaves the config as it is.
 */
export function localizeConfig(config: PortalConfig, locale: string | undefined): PortalConfig {
  if (!locale || locale === config.i18n.defaultLocale) return config;
  return { ...config, baseUrl: `${config.baseUrl}${locale}/` };
}

/** The locales built after the default one, in config order. */
export const otherLocales = (config: PortalConfig): string[] => config.i18n.locales.filter((l) => l !== config.i18n.defaultLocale);

export interface BuildOtherLocalesOptions {
  /** The pipeline itself, passed in rather than imported so the two modules do not import each other. */
  build: (options: BuildOptions) => Promise<BuildResult>;
  options: BuildOptions;
  config: PortalConfig;
  siteDir: string;
  log: Logger;
}

/**
 * Build stage 7b: each non-default locale built again with its translations (`site/i18n/<locale>/`), its
 * files returned under `<locale>/` (static files included, as its pages link them under its base URL) for
 * the one write of the output folder. Each locale's stage lines are printed with its name; its warnings are
 * returned and its errors thrown, so the caller reports them once (an untranslated page's warning is the
 * same in every locale).
 */
export async function buildOtherLocales(o: BuildOtherLocalesOptions): Promise<{ files: OutputFile[]; warnings: Diagnostic[] }> {
  const files: OutputFile[] = [];
  const warnings: Diagnostic[] = [];
  const locales = otherLocales(o.config);
  const statics = locales.length ? await loadStaticFiles(path.join(o.siteDir, 'static')) : [];
  for (const locale of locales) {
    const tag = pc.dim(`[${locale}]`);
    const log: Logger = { info: (line) => o.log.info(`${tag} ${line}`), warn() {}, error() {} };
    const result = await o.build({ ...o.options, outDir: path.join(o.options.outDir ?? 'build', locale), locale, write: false, log });
    files.push(...statics.map((f) => ({ ...f, path: `${locale}/${f.path}` })), ...result.files.map((f) => ({ ...f, path: `${locale}/${f.path}` })));
    warnings.push(...result.warnings);
  }
  return { files, warnings };
}

/** Files under site/static, as output files (the default locale's copy is made by the writer itself). */
async function loadStaticFiles(dir: string): Promise<OutputFile[]> {
  const rels = (await fg('**/*', { cwd: dir, dot: false, onlyFiles: true })).sort();
  return Promise.all(rels.map(async (rel) => ({ path: rel, contents: new Uint8Array(await fs.readFile(path.join(dir, rel))) })));
}
