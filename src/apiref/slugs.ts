import { error, excerpt, warning, type Diagnostic } from '../diagnostics.js';
import { capName } from '../routes/slug.js';

/** Something that becomes a page under the API base path. */
export interface SlugRequest {
  /** For messages: `operation GET /pets`, `tag "Pets"`. */
  label: string;
  /** `x-slug` from the document: used as given, and a clash is an error. */
  explicit?: string | undefined;
  /** Generated slugs to try in order (summary, operationId, method + path...). */
  candidates: string[];
  /** JSON pointer of the object, for the error's location. */
  pointer: string;
}

/** kebab-case ASCII: `Create an account` -> `create-an-account`, `getPetById` -> `get-pet-by-id`. */
export function kebab(text: string): string {
  // Plain ASCII names (nearly all) skip the Unicode normalisation.
  return capName(
    (/^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFKD'))
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
}

/**
 * Route stage, API half: one slug per page (issue 5). Explicit `x-slug`s are taken as written and two of
 * them alike fail the build, naming both. A generated slug that is taken falls back to the next candidate
 * with a warning (a document without operationIds, like httpbin's, repeats summaries), so only a clash
 * the author chose is an error.
 */
export function assignSlugs(
  requests: readonly SlugRequest[],
  options: { locate: (pointer: string) => number | undefined; file: string },
): { slugs: string[]; diagnostics: Diagnostic[] } {
  const owner = new Map<string, SlugRequest>();
  const slugs: string[] = new Array<string>(requests.length).fill('');
  const diagnostics: Diagnostic[] = [];

  requests.forEach((request, i) => {
    if (request.explicit === undefined) return;
    const slug = request.explicit.replace(/^\/+|\/+$/g, '');
    const first = owner.get(slug);
    if (first) {
      diagnostics.push(
        error(
          'openapi-slug-duplicate',
          `two pages of the API reference have the slug "${excerpt(slug)}": ${excerpt(first.label)} and ${excerpt(request.label)}`,
          {
            file: options.file,
            line: options.locate(request.pointer),
            related: [first, request].map((r, n) => ({
              file: options.file,
              line: options.locate(r.pointer),
              message: `${n + 1}. ${excerpt(r.label)} (${excerpt(r.pointer)})`,
            })),
            hint: 'give one of them a different x-slug',
          },
        ),
      );
    } else owner.set(slug, request);
    slugs[i] = slug;
  });

  requests.forEach((request, i) => {
    if (request.explicit !== undefined) return;
    const candidates = request.candidates.map(kebab).filter((c) => c !== '');
    const free = candidates.find((c) => !owner.has(c));
    const slug = free ?? uniqueSuffix(candidates[0] ?? 'operation', owner);
    if (candidates[0] && slug !== candidates[0]) {
      const holder = owner.get(candidates[0]);
      diagnostics.push(
        warning(
          'openapi-slug-taken',
          `${excerpt(request.label)}: slug "${candidates[0]}" is already used by ${excerpt(holder?.label ?? 'another page')}; using "${slug}"`,
          {
            file: options.file,
            line: options.locate(request.pointer),
            hint: 'set x-slug on the operation to choose its URL',
          },
        ),
      );
    }
    owner.set(slug, request);
    slugs[i] = slug;
  });
  return { slugs, diagnostics };
}

function uniqueSuffix(base: string, taken: ReadonlyMap<string, unknown>): string {
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
