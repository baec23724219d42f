import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { error, warning, type Diagnostic } from '../diagnostics.js';
import {
  createSourceMap,
  exactLocator,
  locateEntry,
  locatePointer,
  parseJsonDocument,
  type ExactLocator,
  type SourceMap,
} from './locate.js';
import { parseYamlQuickly } from './quick-yaml.js';
import { collectDescriptionLinks, type DescriptionLink } from './description-links.js';
import { createMarkdownRenderer } from './markdown.js';
import { buildApiModel, type ApiModel } from './model.js';
import { findMissingRef, missingRefDiagnostic } from './missing-ref.js';
import { locateFirstAlias } from './yaml-aliases.js';
import { isObject, type Raw } from './raw.js';
import { replaceControlChars } from './control-chars.js';
import { findEndlessCycles } from './endless-schemas.js';
import { findDuplicateJsonKeys, findDuplicateYamlKeys } from './duplicate-keys.js';
import { createSafeResolver, RefRefusedError, type ReadFile } from './resolver.js';
import { convertSwagger2 } from './swagger2.js';
import { checkApiDocument } from './validate.js';

export type { ApiModel };

export interface ParseApiOptions {
  /** Absolute path of the document, for relative `$ref`s and messages. */
  file: string;
  /** Its text (YAML or JSON). */
  source: string;
  /** Folder external `$ref`s must stay inside (issue 8). */
  allowedDir: string;
  readFile?: ReadFile | undefined;
}

export interface ParseApiResult {
  model?: ApiModel | undefined;
  /** The document with external files inlined: what the downloads serve. */
  bundled?: Raw | undefined;
  diagnostics: Diagnostic[];
  /** Links in the document's Markdown, for the link check. */
  descriptionLinks?: DescriptionLink[] | undefined;
  /** Line and column of a JSON pointer of the main file, when it is there (parses the text on first use). */
  locate?: ExactLocator | undefined;
}

const HINT = 'fix the OpenAPI document; `npx @apidevtools/swagger-cli validate <file>` shows the same problems';

/**
 * Collect stage for the API reference (issue 5): the document's text to our ApiModel. 1. parse the text
 * (with positions when a message needs them), 2. bundle external `$ref`s through the safe resolver,
 * 3. validate, 4. convert Swagger 2.0, 5. build the model and slugs, 6. collect the links of its
 * descriptions. Problems come back as `openapi-*` diagnostics with file and line.
 */
export async function parseApiDocument(options: ParseApiOptions): Promise<ParseApiResult> {
  const clean = replaceControlChars(options.source, options.file);
  const result = await parseCleanDocument({ ...options, source: clean.text });
  return clean.diagnostics.length > 0
    ? { ...result, diagnostics: [...clean.diagnostics, ...result.diagnostics] }
    : result;
}

async function parseCleanDocument(options: ParseApiOptions): Promise<ParseApiResult> {
  const { file } = options;
  // 1. Text -> object, with a line for every JSON pointer (parsed only when a message needs one)
  const json = parseJsonDocument(options.source);
  // YAML with nothing to report needs no positions either (parseYamlQuickly says what it leaves to the slow parse).
  const quickYaml = json === undefined ? parseYamlQuickly(options.source) : undefined;
  const source = createSourceMap(options.source, { json: json !== undefined });
  if (json === undefined && quickYaml === undefined && source.doc.errors.length > 0) {
    return {
      diagnostics: source.doc.errors.slice(0, 5).map((e) =>
        error(
          'openapi-invalid',
          `the OpenAPI document is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
          {
            file,
            line: e.linePos?.[0].line,
            column: e.linePos?.[0].col,
            hint: HINT,
          },
        ),
      ),
    };
  }
  let raw: unknown = json ?? quickYaml;
  try {
    // toJS keeps yaml's alias limit (100), which stops "billion laughs" expansion (issue 8).
    if (raw === undefined) raw = source.doc.toJS();
  } catch (err) {
    const message = (err as Error).message;
    // An alias bomb: point at the aliases, which is what has to go.
    const alias = /alias/i.test(message) ? locateFirstAlias(source) : undefined;
    return {
      diagnostics: [
        error('openapi-invalid', `the OpenAPI document cannot be read: ${message}`, {
          file,
          ...alias,
          hint: alias
            ? 'the document expands YAML aliases (*name) too many times: write the repeated parts out or use $ref'
            : HINT,
        }),
      ],
    };
  }
  // YAML 1.2 and JSON both want unique keys; the parsers keep the last one silently.
  // (A YAML document read quickly has none: that reader refuses them.)
  const duplicates =
    json !== undefined
      ? findDuplicateJsonKeys(options.source)
      : quickYaml !== undefined
        ? []
        : findDuplicateYamlKeys(source);
  if (duplicates.length > 0) {
    return {
      diagnostics: duplicates.slice(0, 5).map((d) =>
        error(
          'openapi-invalid',
          `duplicate key "${d.key}" at ${d.pointer}: first on line ${d.first.line}, again on line ${d.second.line}`,
          {
            file,
            line: d.second.line,
            column: d.second.column,
            hint: 'keys in a mapping must be unique (YAML 1.2, JSON): remove or merge one of the two',
          },
        ),
      ),
    };
  }
  if (!isObject(raw) || (typeof raw.openapi !== 'string' && raw.swagger === undefined)) {
    return {
      diagnostics: [
        error(
          'openapi-invalid',
          'not an OpenAPI document: it has no `openapi: 3.x` (or `swagger: "2.0"`) field at the top',
          { file, line: 1, hint: HINT },
        ),
      ],
    };
  }

  // 2. External refs, read only from the openapi folder and never over the network
  let bundled: Raw = raw;
  const referenced: Diagnostic[] = [];
  if (hasExternalRefs(raw)) {
    const safe = createSafeResolver({ allowedDir: options.allowedDir, readFile: options.readFile });
    try {
      bundled = (await new SwaggerParser().bundle(
        file,
        structuredClone(raw) as never,
        {
          resolve: { file: false, http: false, external: true, portal: safe.resolver },
          dereference: { circular: 'ignore' },
        } as never,
      )) as unknown as Raw;
    } catch (err) {
      return { diagnostics: [bundleDiagnostic(safe.refused[0] ?? err, { file, source })] };
    }
    referenced.push(...safe.warnings);
  }

  // 3. The OpenAPI schema and spec rules
  const checked = await checkApiDocument(bundled, { file, source });
  if (checked.some((d) => d.severity === 'error')) return { bundled, diagnostics: checked };
  referenced.push(...checked);

  // 4–5. One shape (OpenAPI 3) for the model builders, then the model
  const specVersion = String(bundled.openapi ?? bundled.swagger);
  const doc = specVersion.startsWith('2') ? convertSwagger2(bundled) : bundled;
  const markdown = createMarkdownRenderer();
  const { model, diagnostics } = buildApiModel({
    doc,
    refRoot: bundled,
    specVersion,
    file,
    locate: (pointer) => locatePointer(source, pointer)?.line,
    markdown,
  });
  // 6. Links in descriptions, pointing into the document as written (before any 2.0 conversion)
  const descriptionLinks = collectDescriptionLinks(bundled, markdown);
  const endless = findEndlessCycles(isObject(doc.components) ? doc.components.schemas : undefined).map((cycle) => {
    const name = cycle[0] ?? '';
    const escaped = name.replace(/~/g, '~0').replace(/\//g, '~1');
    const at =
      locatePointer(source, `#/components/schemas/${escaped}`) ?? locatePointer(source, `#/definitions/${escaped}`);
    return warning(
      'openapi-endless-schema',
      `schema ${name} can never be finite: its required properties recurse with no way to end (${cycle.join(' → ')})`,
      {
        file,
        line: at?.line,
        column: at?.column,
        hint: 'make one property on the cycle optional or nullable, or let an array on it be empty',
      },
    );
  });
  return {
    model,
    bundled,
    diagnostics: [...referenced, ...diagnostics, ...endless],
    descriptionLinks,
    locate: exactLocator(source),
  };
}

/** Bundling walks and copies the whole document; a single-file document skips it. */
function hasExternalRefs(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRefs);
  if (!isObject(value)) return false;
  if (typeof value.$ref === 'string' && !value.$ref.startsWith('#')) return true;
  return Object.values(value).some(hasExternalRefs);
}

/** A refused or unreadable `$ref`, or a version swagger-parser does not know, as one diagnostic. */
function bundleDiagnostic(err: unknown, options: { file: string; source: SourceMap }): Diagnostic {
  const refused = err instanceof RefRefusedError ? err : undefined;
  const message = refused?.message ?? (err instanceof Error ? err.message : String(err));
  const missing = refused ? undefined : findMissingRef(message, options.source);
  if (missing) return missingRefDiagnostic(missing, options.file);
  const errSource = (err as { source?: unknown }).source;
  const target =
    refused?.ref ??
    (typeof errSource === 'string'
      ? errSource
      : /(?:Error opening file|Error reading file|Error resolving \$ref pointer) "?([^"\s]+)"?/.exec(message)?.[1]);
  const dir = path.dirname(options.file);
  // The error names the resolved file; find the `$ref` in the source that resolves to it.
  let ref: string | undefined;
  const at = target
    ? locateEntry(options.source, (key, value) => {
        const hit =
          key === '$ref' && typeof value === 'string' && !value.startsWith('#') && sameTarget(value, target, dir);
        if (hit) ref = value as string;
        return hit;
      })
    : undefined;
  const reason = refused?.outside
    ? `${ref !== undefined ? `$ref "${ref}" resolves to` : '$ref to'} ${message}`
    : message.split('\n')[0];
  return error('openapi-invalid', `cannot read the OpenAPI document${at ? ` at ${at.pointer}` : ''}: ${reason}`, {
    file: options.file,
    line: at?.line,
    column: at?.column,
    hint: refused
      ? refused.outside
        ? 'set openapi.root in portal.config.ts (or --openapi-root) to a folder holding every file the document refers to, or move the file inside it'
        : 'copy the referenced file into the OpenAPI root folder and use a relative $ref'
      : HINT,
  });
}

function sameTarget(ref: string, target: string, dir: string): boolean {
  const refPath = ref.split('#')[0] ?? '';
  if (/^[a-z][a-z0-9+.-]+:/i.test(refPath)) return refPath === target.split('#')[0];
  return path.resolve(dir, decodeURI(refPath)) === path.resolve(target.replace(/^file:\/\//, '').split('#')[0] ?? '');
}
