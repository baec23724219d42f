import { describe, expect, it } from 'vitest';
import { bundleError } from '../../../src/bundle/server.ts';
import { PortalError } from '../../../src/diagnostics.ts';

/** An esbuild failure as it reports one: the file relative to the bundler's working directory. */
const failure = (file: string) => ({
  errors: [{ text: 'Unexpected "}"', location: { file, line: 3, column: 4, lineText: '  é}' } }],
});

describe('bundleError', () => {
  it('names the page by its real path, whatever folder the build runs from', () => {
    // The client build runs in the generation folder (.portal/gen-…), so its paths climb out of it.
    const err = bundleError(failure('../../site/pages/broken.tsx'), [], '/project/.portal/gen-1');
    expect(err).toBeInstanceOf(PortalError);
    expect((err as PortalError).diagnostics[0]).toMatchObject({
      code: 'bundle-failed',
      file: '/project/site/pages/broken.tsx',
      line: 3,
      // esbuild counts UTF-8 bytes; the column counts characters ('é' is two bytes).
      column: 4,
    });
  });

  it('passes on an error that is not a bundling failure', () => {
    const other = new Error('disk full');
    expect(bundleError(other)).toBe(other);
  });
});
