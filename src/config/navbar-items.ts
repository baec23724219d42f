import { z } from 'zod';

/** spec §2: the nine navbar item types, each with its own fields. */
const base = {
  label: z.string().optional(),
  position: z.enum(['left', 'right']).default('left'),
  className: z.string().optional(),
};
const linkLike = {
  ...base,
  /** Internal route, e.g. `/docs/intro`. @example '/docs/intro' */
  to: z.string().optional(),
  /** External URL; opens in a new tab. @example 'https://github.com/org/repo' */
  href: z.string().optional(),
};

const link = z.strictObject({ type: z.literal('default').default('default'), ...linkLike });
const dropdown = z.strictObject({
  type: z.literal('dropdown'),
  ...linkLike,
  label: z.string(),
  items: z.array(z.strictObject({ ...linkLike, label: z.string(), type: z.literal('default').optional() })),
});
const localeDropdown = z.strictObject({ type: z.literal('localeDropdown'), ...base });
const search = z.strictObject({ type: z.literal('search'), ...base });
const html = z.strictObject({ type: z.literal('html'), ...base, value: z.string() });
const doc = z.strictObject({ type: z.literal('doc'), ...base, docId: z.string() });
const docSidebar = z.strictObject({ type: z.literal('docSidebar'), ...base, sidebarId: z.string() });
const docsVersion = z.strictObject({ type: z.literal('docsVersion'), ...base, to: z.string().optional() });
const docsVersionDropdown = z.strictObject({ type: z.literal('docsVersionDropdown'), ...base });

export const navbarItemSchemas = {
  default: link,
  dropdown,
  localeDropdown,
  search,
  html,
  doc,
  docSidebar,
  docsVersion,
  docsVersionDropdown,
} as const;

export type NavbarItemType = keyof typeof navbarItemSchemas;
export type NavbarItem = { [K in NavbarItemType]: z.output<(typeof navbarItemSchemas)[K]> }[NavbarItemType];

/**
 * An item's schema picked by its `type`, so an unknown type gets the spec's own message (spec §5) instead
 * of a generic union error.
 */
export const navbarItemSchema = z.unknown().transform((raw, ctx): NavbarItem => {
  const type = raw && typeof raw === 'object' && 'type' in raw ? (raw as { type: unknown }).type : 'default';
  const schema =
    typeof type === 'string' && Object.hasOwn(navbarItemSchemas, type)
      ? navbarItemSchemas[type as NavbarItemType]
      : undefined;
  if (!schema) {
    ctx.addIssue({
      code: 'custom',
      message: `No NavbarItem component found for type "${String(type)}". Use one of: ${Object.keys(navbarItemSchemas).join(', ')}. The item: ${describeItem(raw)}`,
    });
    return z.NEVER;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
    return z.NEVER;
  }
  return parsed.data as NavbarItem;
});

/** The offending item as written, short enough for one line, so the owner can find it. */
function describeItem(raw: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(raw) ?? String(raw);
  } catch {
    json = String(raw);
  }
  return json.length > 160 ? `${json.slice(0, 157)}...` : json;
}
