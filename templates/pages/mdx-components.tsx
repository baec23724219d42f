import type { ComponentProps } from 'react';
import { Link } from '../shell/Link.tsx';

/** Elements MDX content renders through: links get base URL handling and client-side navigation. */
export const mdxComponents = { a: Link };

/**
 * The same, for a doc of a docs version other than the last: its links into the docs lead to the same
 * page in its own version, as the build resolved them (`page.versionLinks`, issue 4 item 6).
 */
export function withVersionLinks(versionLinks: Readonly<Record<string, string>>): typeof mdxComponents {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page (DocPage memoises it on page.versionLinks)
  const VersionedLink = ({ href, ...rest }: ComponentProps<typeof Link>) => (
    <Link href={href !== undefined ? (versionLinks[href] ?? href) : href} {...rest} />
  );
  return { a: VersionedLink };
}
