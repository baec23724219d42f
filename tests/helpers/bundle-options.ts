import path from 'node:path';

/** The esbuild options the bundle cache tests build a generated `entry.js` with, in a generation folder of its own. */
export const entryBundleOptions = (genDir: string) => ({
  entryPoints: [path.join(genDir, 'entry.js')],
  outdir: path.join(genDir, 'out'),
  absWorkingDir: genDir,
  bundle: true,
  format: 'esm' as const,
  write: false,
  metafile: true as const,
  logLevel: 'silent' as const,
});
