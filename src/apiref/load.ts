import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SafeHtml } from '../../templates/shared/api-model.js';
import type { PortalConfig } from '../config/schema.js';
import { error, hasErrors } from '../diagnostics.js';
import { apiCategory } from './category.js';
import { parseApiDocument } from './parse.js';
import { replaceControlChars } from './control-chars.js';
import { openapiFolder, type ReadFile } from './resolver.js';
import { buildApiRoutes, emptyApi, type ApiContribution } from './routes.js';
import { toYaml } from './to-yaml.js';
import { registerLanguages, siteLanguages } from '../content/prism.js';
import { startSampleHighlighter } from './highlight-pool.js';

export interface LoadApiOptions {
  /** Folder holding site/ and openapi/. */
  root: string;
  config: PortalConfig;
  /** `--openapi FILE`: build from this document instead of the configured one, relative to the root. */
  override?: string | undefined;
  /** `--openapi-root`: the folder external `$ref`s may reach, relative to the root. */
  openapiRoot?: string | undefined;
  readFile?: ReadFile | undefined;
  /**
   * `serve`: the highlighted code samples of its last build, by language and code, taken again where the same (an
   * edit of the document's text leaves every sample as it was); refilled with this build's only.
   */
  samples?: SampleMemo | undefined;
}

export interface SampleMemo {
  byCode: Map<string, SafeHtml>;
}

/**
 * Collect stage for the API reference (issue 5): reads the configured (or `--openapi`) document, parses it
 * into the ApiModel and turns that into routes, sidebar items and the downloadable copies.
 */
export async function loadApiReference(options: LoadApiOptions): Promise<ApiContribution> {
  const { config, root } = options;
  const rel = options.override ?? config.openapi?.path;
  if (!rel) return emptyApi;
  const file = path.resolve(root, rel);
  const readFile = options.readFile ?? ((f: string) => fs.readFile(f, 'utf8'));
  let source: string;
  try {
    source = await readFile(file);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    return {
      ...emptyApi,
      diagnostics: [
        error('openapi-missing', `cannot read the OpenAPI document ${file}: ${reason}`, {
          file,
          hint: options.override
            ? 'check the path given to --openapi'
            : 'check openapi.path in portal.config.ts (relative to the project root)',
        }),
      ],
    };
  }

  try {
    // openapi.root belongs to the configured document; a document previewed with --openapi has its own.
    const refRoot = options.openapiRoot ?? (options.override === undefined ? config.openapi?.root : undefined);
    const allowedDir = refRoot !== undefined ? path.resolve(root, refRoot) : openapiFolder(file, root);
    return await buildContribution({
      file,
      source,
      allowedDir,
      config,
      readFile: options.readFile,
      lenientLinks: options.override !== undefined,
      // The hosted copy is the configured document's: a preview of another one (--openapi) has none.
      remoteUrl:
        config.openapi?.path !== undefined && file === path.resolve(root, config.openapi.path)
          ? config.openapi.remoteUrl
          : undefined,
      samples: options.samples,
    });
  } catch (err) {
    // A document shaped in a way the model builders did not foresee: name it instead of a stack trace.
    const message = err instanceof Error ? err.message : String(err);
    return {
      ...emptyApi,
      diagnostics: [
        error('openapi-invalid', `could not build the API reference from ${file}: ${message}`, {
          file,
          hint: 'the document has a shape the portal does not handle: please report it with the document',
        }),
      ],
    };
  }
}

async function buildContribution(options: {
  file: string;
  source: string;
  allowedDir: string;
  config: PortalConfig;
  readFile?: ReadFile | undefined;
  lenientLinks: boolean;
  /** openapi.remoteUrl, when this is the configured document. */
  remoteUrl: string | undefined;
  samples?: SampleMemo | undefined;
}): Promise<ApiContribution> {
  const { file, source, config } = options;
  // Fenced code in descriptions is highlighted as in docs: with the grammars the site registers (spec §9).
  const languages = siteLanguages(config.prism.additionalLanguages);
  await registerLanguages(languages);
  const parsed = await parseApiDocument({ file, source, allowedDir: options.allowedDir, readFile: options.readFile });
  if (!parsed.model || !parsed.bundled || hasErrors(parsed.diagnostics))
    return { ...emptyApi, diagnostics: parsed.diagnostics };

  // issue 5, item 6: stable download URLs; a document split over files is served bundled into one.
  const name =
    path
      .basename(file)
      .replace(/\.(ya?ml|json)$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-') || 'openapi';
  const single = !/["']?\$ref["']?\s*:\s*["']?(?!#)[^\s"']/.test(source);
  const files = [
    {
      path: `openapi/${name}.yaml`,
      contents: single && !/\.json$/i.test(file) ? replaceControlChars(source, file).text : toYaml(parsed.bundled),
    },
    { path: `openapi/${name}.json`, contents: `${JSON.stringify(parsed.bundled, null, 2)}\n` },
  ];
  const downloads = [
    { label: `${name}.yaml`, href: `/${files[0]?.path}` },
    { label: `${name}.json`, href: `/${files[1]?.path}` },
    ...(options.remoteUrl ? [{ label: 'Hosted copy', href: options.remoteUrl }] : []),
  ];
  // Four generated samples per operation (code-samples.ts), highlighted on the other core while this one builds pages.
  const highlighter = await startSampleHighlighter(parsed.model.operations.length * 4);
  const memo = options.samples;
  const kept = new Map<string, SafeHtml>();
  // The grammars are part of the key: a config edit may register others, which highlight the same code otherwise.
  const grammars = languages.join(',');
  const highlightSample = (code: string, lang: string): SafeHtml => {
    const key = `${grammars}\0${lang}\0${code}`;
    const html = memo?.byCode.get(key) ?? highlighter.highlight(code, lang);
    kept.set(key, html);
    return html;
  };
  let built: ReturnType<typeof buildApiRoutes>;
  try {
    built = buildApiRoutes(parsed.model, {
      basePath: config.openapi?.routeBasePath ?? '/docs/api',
      file,
      downloads,
      category: apiCategory(config),
      descriptionLinks: parsed.descriptionLinks,
      locate: parsed.locate,
      // A document previewed with --openapi was written for another site: its broken links only warn.
      lenientLinks: options.lenientLinks,
      console: config.openapi?.console && { ...config.openapi.console, baseUrl: config.baseUrl },
      // Named after the document's content: a reader's browser never mixes a loaded schema with a newer page.
      schemaSalt: createHash('sha1')
        .update(files[1]?.contents ?? '')
        .digest('hex'),
      highlightSample: memo ? highlightSample : highlighter.highlight,
    });
  } finally {
    // Also when building the pages failed: the worker would keep the process alive.
    await highlighter.done();
  }
  if (memo) memo.byCode = kept;
  const { routes, sidebarItems, files: schemaFiles } = built;
  return { routes, sidebarItems, files: [...files, ...schemaFiles], diagnostics: parsed.diagnostics };
}
