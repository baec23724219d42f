import { createElement, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useRouter } from '../client/router-context.tsx';
import { isPlainClick } from '../shell/Link.tsx';
import { useSite } from '../site-context.tsx';
import { pathFromLocation } from '../shared/urls.ts';
import type { StaticNode } from '../shared/static-node.ts';

type Components = Record<string, unknown>;

/** The attribute of the element that holds a Markdown-only body, where the first page's runtime finds it. */
const BODY_ATTRIBUTE = 'data-static-content';

/**
 * The shared template of Markdown-only docs: turns the compact tree back into React elements, routing tags
 * through the same `components` map MDX content gets (links become client-side links).
 */
export function staticContent(nodes: StaticNode[]): ComponentType<{ components?: Components }> & StaticBody {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page module, at its top level, not during render
  function StaticContent({ components = {} }: { components?: Components }) {
    return staticBody(nodes, components);
  }
  return Object.assign(StaticContent, { nodes });
}

/** A Markdown-only page's Content carries its tree, for ContentSlot. */
interface StaticBody {
  nodes: StaticNode[];
}

const staticBody = (nodes: StaticNode[], components: Components): ReactNode =>
  createElement('div', { [BODY_ATTRIBUTE]: '' }, ...nodes.map((n) => toElement(n, components)));

/**
 * Where a template puts a page's Content. A Markdown-only body is rendered here directly rather than as its own
 * component: each page module has its own Content component, and React mounts a new component type anew, so the
 * same page shown again from a rebuild (or an edit under `portal serve`) would rebuild its whole body in the DOM
 * instead of changing what changed. Any other Content is rendered as its component.
 */
export function ContentSlot({
  Content,
  components = {},
}: {
  Content: ComponentType<{ components?: Components }> & Partial<StaticBody>;
  components?: Components;
}) {
  return Content.nodes ? staticBody(Content.nodes, components) : <Content components={components} />;
}

function toElement(node: StaticNode, components: Components): ReactNode {
  if (typeof node === 'string') return node;
  const [tag, props, ...children] = node;
  const type = (components[tag] as ComponentType | undefined) ?? tag;
  // Children passed as arguments, not an array: they are static, so React needs no keys.
  return createElement(type as string, props === 0 ? null : props, ...children.map((c) => toElement(c, components)));
}

/**
 * The Content of a Markdown-only page's first-visit chunk (issue 17 item 3): the body the server rendered,
 * adopted as it is in the document rather than shipped a second time as data (for the Liquid filters reference,
 * 17 of its 19 KB gzip). React keeps the nodes of an element whose inner HTML it is given when hydrating, and
 * never rewrites them while the string is unchanged. Its links are plain anchors here, so a click on an internal
 * one is routed as `Link` would; hovering them prefetches through the runtime's delegated listener. Navigating
 * back to the page later loads its full chunk, as for any other page.
 */
export function ServerRenderedContent(_props: { components?: Components }) {
  const router = useRouter();
  const site = useSite();
  const [html] = useState(() => document.querySelector(`#__portal [${BODY_ATTRIBUTE}]`)?.innerHTML ?? '');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = ref.current;
    const follow = (event: MouseEvent): void => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-internal]') : null;
      if (!link || event.defaultPrevented || !isPlainClick(event) || link.target === '_blank') return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      router.navigate(`${pathFromLocation(site, url.pathname)}${url.search}${url.hash}`);
    };
    body?.addEventListener('click', follow);
    return () => body?.removeEventListener('click', follow);
  }, [router, site]);
  return <div {...{ [BODY_ATTRIBUTE]: '' }} ref={ref} dangerouslySetInnerHTML={{ __html: html }} />;
}
