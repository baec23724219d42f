/**
 * The admonition keywords Docusaurus reads, each with the style it is shown in and its default title: its five, its
 * `caution` (styled as a warning), and the older aliases it still accepts (`secondary`, `important`, `success`).
 * One table for the `:::tip` blocks (src/content/plugins/admonitions.ts) and `@theme/Admonition`.
 */
export const ADMONITIONS: Readonly<Record<string, { style: string; title: string }>> = {
  note: { style: 'note', title: 'Note' },
  tip: { style: 'tip', title: 'Tip' },
  info: { style: 'info', title: 'Info' },
  warning: { style: 'warning', title: 'Warning' },
  danger: { style: 'danger', title: 'Danger' },
  caution: { style: 'warning', title: 'Caution' },
  secondary: { style: 'note', title: 'Secondary' },
  important: { style: 'info', title: 'Important' },
  success: { style: 'tip', title: 'Success' },
};

/** The admonition a keyword names, if it names one (`constructor` does not). */
export const admonitionOf = (keyword: string): { style: string; title: string } | undefined =>
  Object.hasOwn(ADMONITIONS, keyword) ? ADMONITIONS[keyword] : undefined;
