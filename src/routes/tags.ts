import type { DocEntry } from './docs.js';
import type { Route } from './route.js';
import { normalizePath, slugify } from './slug.js';

export interface TagInfo {
  label: string;
  path: string;
  docs: DocEntry[];
}

/** Tags of listed docs (unlisted ones stay off tag pages); sorted by label. */
export function collectTags(docs: readonly DocEntry[], routeBasePath: string): TagInfo[] {
  const byLabel = new Map<string, TagInfo>();
  for (const doc of docs) {
    if (doc.unlisted) continue;
    for (const label of doc.source.frontMatter.tags ?? []) {
      const tag = byLabel.get(label) ?? {
        label,
        path: normalizePath(`${routeBasePath}/tags/${slugify(label)}`),
        docs: [],
      };
      tag.docs.push(doc);
      byLabel.set(label, tag);
    }
  }
  return [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** spec §2: /docs/tags and /docs/tags/{tag}. */
export function buildTagRoutes(tags: readonly TagInfo[], routeBasePath: string): Route[] {
  if (tags.length === 0) return [];
  const index: Route = {
    path: normalizePath(`${routeBasePath}/tags`),
    kind: 'tags-index',
    template: 'TagsIndexPage',
    body: { type: 'none' },
    links: [],
    unlisted: false,
    page: {
      path: normalizePath(`${routeBasePath}/tags`),
      kind: 'tags-index',
      title: 'Tags',
      description: 'Every tag used in the documentation, with the number of docs that carry it.',
      toc: [],
      data: { tags: tags.map((t) => ({ label: t.label, path: t.path, count: t.docs.length })) },
    },
  };
  const pages = tags.map((tag): Route => {
    const count = tag.docs.length;
    const title = `${count === 1 ? 'One doc' : `${count} docs`} tagged with "${tag.label}"`;
    return {
      path: tag.path,
      kind: 'tag',
      template: 'TagPage',
      body: { type: 'none' },
      links: [],
      unlisted: false,
      page: {
        path: tag.path,
        kind: 'tag',
        title,
        description: `Docs tagged with "${tag.label}".`,
        toc: [],
        data: {
          label: tag.label,
          allTagsPath: index.path,
          docs: [...tag.docs]
            .sort((a, b) => a.title.localeCompare(b.title))
            .map((d) => ({ title: d.title, path: d.path, description: d.source.frontMatter.description ?? '' })),
        },
      },
    };
  });
  return [index, ...pages];
}
