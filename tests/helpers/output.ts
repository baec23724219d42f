import type { StaticFiles } from '../../src/content/scan-static.ts';
import type { Interruptible } from '../../src/output/interrupt.ts';
import { openOutput, type OutputFile } from '../../src/output/write.ts';

/**
 * The write stage as `portal build` runs it (src/commands/build.ts): open the output, add every file, commit; on
 * a failure, discard. For the output tests that write a whole site at once.
 */
export async function writeAll(
  outDir: string,
  files: readonly OutputFile[],
  statics?: StaticFiles,
  interrupt?: Interruptible,
): Promise<void> {
  const writer = await openOutput(outDir, statics, interrupt);
  try {
    await writer.addAll(files);
    await writer.commit();
  } catch (err) {
    await writer.discard();
    throw err;
  }
}
