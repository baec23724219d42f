/// <reference lib="dom" />
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Serious and critical axe-core violations of the page as it is now, inside `include` (the whole body by default)
 * and outside `exclude`, each as "id (impact): help at targets" so a failure says what and where.
 */
export async function seriousViolations(page: Page, options: { include?: string; exclude?: readonly string[] } = {}): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(
    async ({ include, exclude }) => {
      const axe = (window as unknown as { axe: { run(ctx: object, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
      return (await axe.run({ include: [[include]], exclude: exclude.map((s) => [s]) }, { resultTypes: ['violations'] })).violations;
    },
    { include: options.include ?? 'body', exclude: [...(options.exclude ?? [])] },
  );
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
