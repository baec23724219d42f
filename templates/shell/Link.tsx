import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { useSite } from '../site-context.tsx';
import { isExternalUrl, routeHref } from '../shared/urls.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string | undefined };

/**
 * Every link in content and shell. Internal links get the base URL and navigate client-side; external ones
 * open in a new tab with rel noopener and an external-link mark (issue 3).
 */
export function Link({ href = '', children, onClick, ...rest }: Props) {
  const site = useSite();
  const router = useRouter();
  if (isExternalUrl(href)) {
    const isWeb = /^https?:|^\/\//i.test(href);
    return (
      <a href={href} {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
        {children}
        {isWeb && <ExternalMark />}
      </a>
    );
  }
  if (!href.startsWith('/'))
    return (
      <a href={href} {...rest} onClick={onClick}>
        {children}
      </a>
    );
  const target = routeHref(site, href);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event) || rest.target === '_blank') return;
    event.preventDefault();
    router.navigate(href);
  };
  return (
    <a href={target} {...rest} onClick={handle} data-internal="">
      {children}
    </a>
  );
}

/** A click that means "follow here": the main button with no modifier (which would open a tab or a window). */
export const isPlainClick = (event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function ExternalMark() {
  return (
    <svg
      className="external-mark"
      width="12"
      height="12"
      viewBox="0 0 24 24"
      aria-label="(opens in a new tab)"
      role="img"
    >
      <path
        fill="currentColor"
        d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z"
      />
    </svg>
  );
}
