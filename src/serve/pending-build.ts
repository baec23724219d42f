import type { OutputFile } from '../output/write.js';
import { outputPaths } from './static-server.js';

/** Renders a page of the build under way by its output path (render-pages.ts pageOnRequest). */
export type PageRenderer = (file: string) => OutputFile | undefined;

/**
 * What `portal serve` can answer of a build before its output is written (issue 16): the client files an open
 * page loads to take the build in place, and pages rendered when asked for. Cleared when the build ends, as the
 * output folder then holds the same; a build left for a newer change stays until a later one is written or taken
 * (serve.ts).
 */
export interface PendingBuild {
  addFiles(files: readonly OutputFile[]): void;
  /** A locale's pages, once its server bundle is ready; `prefix` is the locale's folder (`fr/`) or ''. */
  addPages(prefix: string, render: PageRenderer): void;
  /** The file a request path (under the base URL, `/docs/intro`) names, if the build under way has it. */
  find(inBase: string): OutputFile | undefined;
  /** Resolves when more can be found, or when the build ends. */
  changed(): Promise<void>;
  /** Wakes the requests waiting on `changed`: something besides this build may answer them now (quick-site.ts). */
  wake(): void;
  clear(): void;
}

export function createPendingBuild(): PendingBuild {
  const files = new Map<string, OutputFile>();
  const renderers: Array<{ prefix: string; render: PageRenderer }> = [];
  // A page is rendered once per build, however often it is asked for.
  const rendered = new Map<string, OutputFile>();
  let wake: () => void = () => undefined;
  let next = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const notify = (): void => {
    wake();
    next = new Promise<void>((resolve) => {
      wake = resolve;
    });
  };
  const page = (file: string): OutputFile | undefined => {
    const known = rendered.get(file);
    if (known) return known;
    // The locale whose folder holds the file: `fr/docs/intro/index.html` is the `fr/` build's, not the default's.
    const owner = renderers
      .filter((r) => file.startsWith(r.prefix))
      .reduce<{ prefix: string; render: PageRenderer } | undefined>(
        (best, r) => (!best || r.prefix.length > best.prefix.length ? r : best),
        undefined,
      );
    const made = owner?.render(file.slice(owner.prefix.length));
    if (!owner || !made) return undefined;
    const result = { ...made, path: `${owner.prefix}${made.path}` };
    rendered.set(file, result);
    return result;
  };
  return {
    addFiles(list) {
      for (const f of list) files.set(f.path, f);
      notify();
    },
    addPages(prefix, render) {
      renderers.push({ prefix, render });
      notify();
    },
    find(inBase) {
      const spellings = outputPaths(inBase);
      const asset = spellings[0] === undefined ? undefined : files.get(spellings[0]);
      if (asset || renderers.length === 0) return asset;
      for (const candidate of spellings) {
        const found = page(candidate);
        if (found) return found;
      }
      return undefined;
    },
    changed: () => next,
    wake: notify,
    clear() {
      files.clear();
      renderers.length = 0;
      rendered.clear();
      notify();
    },
  };
}
