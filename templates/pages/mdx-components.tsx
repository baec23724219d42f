import { type ComponentProps, useMemo } from 'react';
import { Link } from '../shell/Link.tsx';

/** Elements MDX content renders through: links get base URL handling and client-side navigation. */
export const mdxComponents = { a: Link };

/**
 * The same, for a body with links the build resolved (`page.resolvedLinks`): a versioned doc's links into the
 * docs (issue 4 item 6), links to Markdown files by their path.
 */
export function withResolvedLinks(resolvedLinks: Readonly<Record<string, string>>): typeof mdxComponents {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page (its template memoises it on page.resolvedLinks)
  const ResolvedLink = ({ href, ...rest }: ComponentProps<typeof Link>) => (
    <Link href={href !== undefined ? (resolvedLinks[href] ?? href) : href} {...rest} />
  );
  return { a: ResolvedLink };
}

/** The components of a page's body: stable per page, since a new component type on every render would remount each link. */
export const useBodyComponents = (resolvedLinks: Readonly<Record<string, string>> | undefined): typeof mdxComponents =>
  useMemo(() => (resolvedLinks ? withResolvedLinks(resolvedLinks) : mdxComponents), [resolvedLinks]);
