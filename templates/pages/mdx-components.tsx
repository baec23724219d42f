import { type ComponentProps, type ImgHTMLAttributes, useMemo } from 'react';
import { Link } from '../shell/Link.tsx';
import { useSite } from '../site-context.tsx';
import { routeHref } from '../shared/urls.ts';

/**
 * An image of a page's body: a file of the site (`/img/logo.svg`, or one next to the doc, which the build copies)
 * gets the base URL, as links do; without it, a site served under `/portal/` showed none of its images.
 */
function Image({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const site = useSite();
  // src and alt first, as Markdown gives them: the same attribute order as the element without this component.
  return (
    <img src={typeof src === 'string' && !src.startsWith('//') ? routeHref(site, src) : src} alt={alt} {...rest} />
  );
}

/** Elements MDX content renders through: links get base URL handling and client-side navigation, images the base URL. */
export const mdxComponents = { a: Link, img: Image };

/**
 * The same, for a body with links the build resolved (`page.resolvedLinks`): a versioned doc's links into the
 * docs (issue 4 item 6), links to Markdown files by their path, and files next to the page (an image, a download).
 */
export function withResolvedLinks(resolvedLinks: Readonly<Record<string, string>>): typeof mdxComponents {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page (its template memoises it on page.resolvedLinks)
  const ResolvedLink = ({ href, ...rest }: ComponentProps<typeof Link>) => (
    <Link href={href !== undefined ? (resolvedLinks[href] ?? href) : href} {...rest} />
  );
  // biome-ignore lint/correctness/noComponentHookFactories: as ResolvedLink
  const ResolvedImage = ({ src, ...rest }: ImgHTMLAttributes<HTMLImageElement>) => (
    <Image src={typeof src === 'string' ? (resolvedLinks[src] ?? src) : src} {...rest} />
  );
  return { a: ResolvedLink, img: ResolvedImage };
}

/** The components of a page's body: stable per page, since a new component type on every render would remount each link. */
export const useBodyComponents = (resolvedLinks: Readonly<Record<string, string>> | undefined): typeof mdxComponents =>
  useMemo(() => (resolvedLinks ? withResolvedLinks(resolvedLinks) : mdxComponents), [resolvedLinks]);
