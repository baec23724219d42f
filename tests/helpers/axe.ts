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
 * The axe rules that depend on colours: all that can change when only the colour mode does (the modes differ in
 * colours, and in markup only by the toggle's own label and a themed logo's source), so a page checked in full in one
 * mode needs only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Serious and critical axe-core violations of the page as it is now, inside `include` (the whole body by default)
 * and outside `exclude` (only the rules `only` names, when given), each as "id (impact): help at targets" so a failure says what and where.
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; exclude?: readonly string[]; only?: readonly string[] } = {},
): Promise<string[]> {
  // Once per document: a second check of the same page (another colour mode, a menu open) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(
    async ({ include, exclude, only }) => {
      const axe = (
        window as unknown as { axe: { run(ctx: object, options: object): Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const runOnly = only.length > 0 ? { runOnly: { type: 'rule', values: only } } : {};
      return (
        await axe.run(
          { include: [[include]], exclude: exclude.map((s) => [s]) },
          { resultTypes: ['violations'], ...runOnly },
        )
      ).violations;
    },
    { include: options.include ?? 'body', exclude: [...(options.exclude ?? [])], only: [...(options.only ?? [])] },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
