import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileFunction } from 'node:vm';

/**
 * Where the server bundle's `require`s of React and the other packages it leaves external resolve from: the
 * portal's own folder, wherever the bundle was written. A render worker is told it (RenderWorkerData), since
 * its own script may sit elsewhere.
 */
export const PORTAL_REQUIRE_BASE = import.meta.url;

/**
 * Runs a CommonJS bundle as `require` would, but outside the module cache: `serve` loads a new server bundle per
 * rebuild, and an ES module import (one per URL, never released) grew the preview by the bundle's size on every
 * save (1.9 GB after 200 saves on the portal). Nothing keeps this one once its renders are done.
 */
export function loadCommonJs(file: string, requireFrom: string = PORTAL_REQUIRE_BASE): unknown {
  const module = { exports: {} as unknown };
  // Read as bytes, then decoded: Node 20's `readFileSync(file, 'utf8')` took 213-220 ms for the 9 MB server bundle
  // of the 1,000-page corpus against 126-129 ms this way, once on the main thread and once in the render worker.
  const code = readFileSync(file).toString('utf8');
  const run = compileFunction(code, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
  run(module.exports, createRequire(requireFrom), module, file, path.dirname(file));
  return module.exports;
}
